import { useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';

/** The toast every staff, role and policy save ends with. */
export function useNotifySaved(): () => void {
  const { t } = useAppTranslation();
  const notify = useNotify();
  return () => {
    notify({ type: 'success', title: t('staff:common.operation_success'), message: t('staff:common.saved') });
  };
}
