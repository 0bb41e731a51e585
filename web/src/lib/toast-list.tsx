import { Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useAppTranslation } from './i18n.ts';
import type { AppToaster } from './toast.tsx';

/** The toasts of one toaster, drawn by Chakra's Toaster (loaded by AppToasts with the first toast). */
export function ToastList({ toaster }: { toaster: AppToaster }) {
  const { t } = useAppTranslation();
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title !== undefined && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description !== undefined && (
                <Toast.Description whiteSpace="pre-line">{toast.description}</Toast.Description>
              )}
            </Stack>
            {toast.closable === true && <Toast.CloseTrigger aria-label={t('common:close')} />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
