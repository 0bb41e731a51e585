import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { errorCatalogue } from '@nine/shared/errors';
import { applyServerIssues, type SchemaForm } from '../../../../components/form/use-schema-form.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { useNotify } from '../../../../lib/toast.tsx';

/** What a section reads of its query (a TanStack `useQuery` result fits). */
interface SectionQuery<T> {
  data: T | undefined;
  isError: boolean;
  refetch(): unknown;
}

/** A section's saved values once they arrive: a retry on failure, a placeholder while loading. */
export function SectionLoad<T>({
  query,
  children,
}: {
  query: SectionQuery<T>;
  children(data: T): ReactNode;
}) {
  const { t } = useAppTranslation();
  if (query.isError)
    return (
      <Alert.Root status="error" role="alert" alignItems="center">
        <Alert.Indicator />
        <Alert.Description>{t('settings:location.load_failed')}</Alert.Description>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('common:try_again')}
        </Button>
      </Alert.Root>
    );
  if (query.data === undefined) return <Skeleton height="32" />;
  return children(query.data);
}

/** A section form's end: why the save failed, and Save for those who may change the settings. */
export function SectionSave({
  failure,
  pending,
  canEdit,
  label,
}: {
  failure: string | null;
  pending: boolean;
  canEdit: boolean;
  /** Names the section ("Save general information"): a page has one Save per section. */
  label: string;
}) {
  const { t } = useAppTranslation();
  return (
    <Stack gap="3">
      {failure !== null && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{failure}</Alert.Description>
        </Alert.Root>
      )}
      {canEdit && (
        <Button type="submit" colorPalette="blue" alignSelf="start" loading={pending} aria-label={label}>
          {t('common:save')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * What a section does once its save ends: says it saved; puts field issues on the fields; and when someone
 * saved first, fetches what they saved (the refusal stays above the fresh form).
 */
export function useSectionOutcome() {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return <Input extends FieldValues, Output>(
    form: SchemaForm<Input, Output>,
    reset: () => void,
    savedKey: QueryKey,
  ) => ({
    onSuccess: () => {
      notify({
        type: 'success',
        title: t('settings:location.saved_title'),
        message: t('settings:location.saved'),
      });
    },
    onError: (error: unknown) => {
      if (applyServerIssues(form, error)) reset();
      else if (isConflict(error)) void queryClient.invalidateQueries({ queryKey: savedKey });
    },
  });
}

/** Someone saved the record first (a stale version, 409). */
export const isConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.respCode === errorCatalogue.versionConflict.code;
