import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { emptyRichText } from '@nine/shared/rich-text';
import {
  TOUR_TERMS_KINDS,
  tourTermsCreate,
  tourTermsDraftForm,
  tourTermsUpdate,
  type TourTermsCreate,
  type TourTermsUpdate,
} from '@nine/shared/schemas/tours/settings';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import {
  applyServerIssues,
  useResetOnOpen,
  useSchemaForm,
} from '../../../components/form/use-schema-form.ts';
import { RichTextView } from '../../../components/rich-text-editor.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useCreateTourTerms } from '../api/settings/create-tour-terms.ts';
import { useTourTermVersion, type TourTermVersion } from '../api/settings/get-tour-term-version.ts';
import { useTourTermVersions, type TourTermVersionRow } from '../api/settings/get-tour-term-versions.ts';
import { useTourTerms, type TourTerms } from '../api/settings/get-tour-terms.ts';
import { usePublishTourTerms } from '../api/settings/publish-tour-terms.ts';
import { useSaveTourTermsDraft } from '../api/settings/save-tour-terms-draft.ts';
import { useUpdateTourTerms } from '../api/settings/update-tour-terms.ts';

/**
 * Terms tab: booking terms and waivers. Each document's text lives in numbered versions: a published one is
 * shown read-only and never changes (a signed waiver quotes it); edits go to the one draft, which Publish
 * makes the next permanent version.
 */
export function TermsSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useAppTranslation();
  const query = useTourTerms();
  const [openId, setOpenId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<TourTerms | 'new' | null>(null);
  const rows = query.data?.rows;
  const open = rows?.find((r) => r.id === openId);
  const columns: DataTableColumn<TourTerms>[] = [
    { id: 'title', title: t('tours:settings.terms.title_field'), rowHeader: true, cell: (d) => d.title },
    {
      id: 'kind',
      title: t('tours:settings.terms.kind'),
      cell: (d) => t(`tours:settings.terms.kinds.${d.kind}`),
    },
    {
      id: 'published',
      title: t('tours:settings.terms.published'),
      cell: (d) =>
        d.published === null
          ? t('tours:settings.terms.not_published')
          : t('tours:settings.terms.version_on', {
              number: d.published.number,
              date: formatDateTime(d.published.published_at),
            }),
    },
    {
      id: 'draft',
      title: t('tours:settings.terms.draft'),
      cell: (d) => (d.draft === null ? '' : t('tours:settings.terms.version_n', { number: d.draft.number })),
    },
    {
      id: 'status',
      title: t('tours:settings.status'),
      cell: (d) => (
        <Badge colorPalette={d.active ? 'green' : 'gray'}>
          {d.active ? t('tours:settings.active') : t('tours:settings.inactive')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      title: t('tours:settings.terms.open'),
      titleHidden: true,
      align: 'end',
      hideWhenPrinting: true,
      cell: (d) => (
        <HStack gap="1" justify="end">
          <RowActionButton
            label={t('tours:settings.terms.open')}
            name={t('tours:settings.terms.open_named', { name: d.title })}
            onClick={() => setOpenId(d.id)}
            aria-pressed={d.id === openId}
          />
          {canEdit && (
            <RowActionButton
              label={t('tours:settings.edit')}
              name={t('tours:settings.edit_named', { name: d.title })}
              onClick={() => setDialog(d)}
            />
          )}
        </HStack>
      ),
    },
  ];
  return (
    <Stack gap="5">
      <SectionCard title={t('tours:settings.terms.title')}>
        <Stack gap="4">
          <Text color="fg.muted">{t('tours:settings.terms.intro')}</Text>
          <DataTable<TourTerms>
            columns={columns}
            rows={rows}
            rowId={(r) => r.id}
            caption={t('tours:settings.terms.title')}
            query={query}
            emptyNote={t('tours:settings.terms.empty')}
          />
          {canEdit && (
            <HStack>
              <Button size="sm" colorPalette="blue" onClick={() => setDialog('new')}>
                {t('tours:settings.terms.add')}
              </Button>
            </HStack>
          )}
        </Stack>
      </SectionCard>
      {open !== undefined && <TermsDocument key={open.id} terms={open} canEdit={canEdit} />}
      <CreateTermsDialog open={dialog === 'new'} onClose={() => setDialog(null)} onCreated={setOpenId} />
      <EditTermsDialog
        terms={dialog === 'new' ? undefined : (dialog ?? undefined)}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

function CreateTermsDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(id: number): void;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const create = useCreateTourTerms();
  const values = (): TourTermsCreate => ({ kind: 'terms', title: '', body: emptyRichText });
  const form = useSchemaForm(tourTermsCreate, { defaultValues: values() });
  useResetOnOpen(form, { open, record: null, values, onOpen: create.reset });
  const { RichTextField, SelectField, TextField } = fieldsOf(form.control);
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (terms) => {
        notify({ type: 'success', title: t('tours:settings.terms.created') });
        onCreated(terms.id);
        onClose();
      },
      onError: (error) => {
        if (applyServerIssues(form, error)) create.reset();
      },
    }),
  );
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={create.isPending}
      error={saveFailureText(create.error, t('tours:settings.conflict'))}
      title={t('tours:settings.terms.add_title')}
      size="xl"
    >
      <SelectField
        name="kind"
        label={t('tours:settings.terms.kind')}
        options={TOUR_TERMS_KINDS.map((value) => ({
          value,
          label: t(`tours:settings.terms.kinds.${value}`),
        }))}
        required
      />
      <TextField name="title" label={t('tours:settings.terms.title_field')} required maxLength={120} />
      <RichTextField
        name="body"
        label={t('tours:settings.terms.body')}
        helperText={t('tours:settings.terms.first_draft_help')}
      />
    </FormDialog>
  );
}

function EditTermsDialog({ terms, onClose }: { terms: TourTerms | undefined; onClose(): void }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const update = useUpdateTourTerms();
  const values = (): TourTermsUpdate => ({
    title: terms?.title ?? '',
    active: terms?.active ?? true,
    version: terms?.version ?? 1,
  });
  const form = useSchemaForm(tourTermsUpdate, { defaultValues: values() });
  useResetOnOpen(form, { open: terms !== undefined, record: terms?.id, values, onOpen: update.reset });
  const { CheckboxField, TextField } = fieldsOf(form.control);
  const submit = form.handleSubmit((body) =>
    terms === undefined
      ? undefined
      : update.mutate(
          { id: terms.id, body: { ...body, version: terms.version } },
          {
            onSuccess: () => {
              notify({ type: 'success', title: t('tours:settings.terms.saved') });
              onClose();
            },
            onError: (error) => {
              if (applyServerIssues(form, error)) update.reset();
            },
          },
        ),
  );
  return (
    <FormDialog
      open={terms !== undefined}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={update.isPending}
      error={saveFailureText(update.error, t('tours:settings.conflict'))}
      title={t('tours:settings.terms.edit_title')}
    >
      <TextField name="title" label={t('tours:settings.terms.title_field')} required maxLength={120} />
      <CheckboxField
        name="active"
        label={t('tours:settings.active')}
        helperText={t('tours:settings.terms.active_help')}
      />
    </FormDialog>
  );
}

/** One document: its draft editor and its version history. */
function TermsDocument({ terms, canEdit }: { terms: TourTerms; canEdit: boolean }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const versions = useTourTermVersions(terms.id);
  const [shownId, setShownId] = useState<number | null>(terms.published?.id ?? null);
  const start = useSaveTourTermsDraft();
  const columns: DataTableColumn<TourTermVersionRow>[] = [
    {
      id: 'number',
      title: t('tours:settings.terms.version'),
      rowHeader: true,
      cell: (v) => t('tours:settings.terms.version_n', { number: v.number }),
    },
    {
      id: 'status',
      title: t('tours:settings.status'),
      cell: (v) => (
        <Badge colorPalette={v.status === 'published' ? 'green' : 'orange'}>
          {t(`tours:settings.terms.statuses.${v.status}`)}
        </Badge>
      ),
    },
    {
      id: 'published_at',
      title: t('tours:settings.terms.published_by'),
      cell: (v) =>
        v.published_at === null
          ? ''
          : t('tours:settings.terms.by_on', {
              name: v.published_by_name ?? t('tours:settings.terms.unknown_user'),
              date: formatDateTime(v.published_at),
            }),
    },
    {
      id: 'view',
      title: t('tours:settings.terms.view'),
      titleHidden: true,
      align: 'end',
      cell: (v) =>
        v.status === 'published' ? (
          <RowActionButton
            label={t('tours:settings.terms.view')}
            name={t('tours:settings.terms.view_named', { number: v.number })}
            aria-pressed={v.id === shownId}
            onClick={() => setShownId(v.id)}
          />
        ) : null,
    },
  ];
  return (
    <Stack gap="5">
      {canEdit &&
        (terms.draft !== null ? (
          <DraftEditor terms={terms} draftId={terms.draft.id} />
        ) : (
          <SectionCard title={t('tours:settings.terms.draft_title', { title: terms.title })}>
            <Stack gap="3" align="start">
              <Text color="fg.muted">{t('tours:settings.terms.no_draft')}</Text>
              <Button
                size="sm"
                colorPalette="blue"
                loading={start.isPending}
                onClick={() =>
                  start.mutate(
                    { id: terms.id, body: { draft_id: null } },
                    {
                      onSuccess: () =>
                        notify({ type: 'success', title: t('tours:settings.terms.draft_started') }),
                    },
                  )
                }
              >
                {t('tours:settings.terms.start_draft')}
              </Button>
              {start.error !== null && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Description>
                    {saveFailureText(start.error, t('tours:settings.terms.draft_conflict'))}
                  </Alert.Description>
                </Alert.Root>
              )}
            </Stack>
          </SectionCard>
        ))}
      <SectionCard title={t('tours:settings.terms.history_title', { title: terms.title })}>
        <Stack gap="4">
          <DataTable<TourTermVersionRow>
            columns={columns}
            rows={versions.data?.versions}
            rowId={(r) => r.id}
            caption={t('tours:settings.terms.history_title', { title: terms.title })}
            query={versions}
            emptyNote={t('tours:settings.terms.no_versions')}
          />
          {shownId !== null && <PublishedVersion id={shownId} />}
        </Stack>
      </SectionCard>
    </Stack>
  );
}

function PublishedVersion({ id }: { id: number }) {
  const { t } = useAppTranslation();
  const version = useTourTermVersion(id);
  if (version.data === undefined) return null;
  return (
    <Stack
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      aria-label={t('tours:settings.terms.version_n', { number: version.data.number })}
      role="region"
    >
      <Text fontWeight="semibold">
        {t('tours:settings.terms.published_version', { number: version.data.number })}
      </Text>
      <RichTextView html={version.data.body_html} />
      <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
        {t('tours:settings.terms.fingerprint', { hash: version.data.body_sha256 })}
      </Text>
    </Stack>
  );
}

function DraftEditor({ terms, draftId }: { terms: TourTerms; draftId: number }) {
  const draft = useTourTermVersion(draftId);
  if (draft.data === undefined) return null;
  // Keyed by the draft only: a refetch after a save must not replace the form (and its pending publish).
  return <DraftForm key={draft.data.id} terms={terms} draft={draft.data} />;
}

function DraftForm({ terms, draft }: { terms: TourTerms; draft: TourTermVersion }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const save = useSaveTourTermsDraft();
  const publish = usePublishTourTerms();
  const [confirming, setConfirming] = useState(false);
  const form = useSchemaForm(tourTermsDraftForm, { defaultValues: { body: draft.body } });
  const { RichTextField } = fieldsOf(form.control);
  // The version and body the last save answered, until the refetched draft catches up.
  const stored = save.data !== undefined && save.data.version > draft.version ? save.data : draft;
  const version = stored.version;
  const saveDraft = form.handleSubmit((values) => {
    publish.reset();
    save.mutate(
      { id: terms.id, body: { draft_id: draft.id, version, body: values.body } },
      {
        onSuccess: (saved) => {
          // What the server stored becomes the clean state; the refetched draft brings its new version.
          form.reset({ body: saved.body });
          notify({ type: 'success', title: t('tours:settings.terms.draft_saved') });
        },
        onError: (error) => {
          if (applyServerIssues(form, error)) save.reset();
        },
      },
    );
  });
  // Unsaved changes go with the publish, which saves and publishes them in one step (both or neither).
  const doPublish = form.handleSubmit((values) => {
    publish.mutate(
      {
        id: terms.id,
        body: {
          draft_id: draft.id,
          version,
          ...(JSON.stringify(values.body) === JSON.stringify(stored.body) ? {} : { body: values.body }),
        },
      },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: t('tours:settings.terms.published_done', { number: draft.number }),
          });
          setConfirming(false);
        },
        onError: (error) => {
          applyServerIssues(form, error);
          setConfirming(false);
        },
      },
    );
  });
  const failure =
    saveFailureText(publish.error, t('tours:settings.terms.draft_conflict')) ??
    saveFailureText(save.error, t('tours:settings.terms.draft_conflict'));
  return (
    <SectionCard title={t('tours:settings.terms.draft_title', { title: terms.title })}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void saveDraft();
        }}
      >
        <Stack gap="4">
          <RichTextField
            name="body"
            label={t('tours:settings.terms.draft_body', { number: draft.number })}
            helperText={t('tours:settings.terms.draft_help')}
          />
          {failure !== null && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          <HStack gap="3">
            <Button type="submit" variant="outline" loading={save.isPending}>
              {t('tours:settings.terms.save_draft')}
            </Button>
            <Button colorPalette="blue" onClick={() => setConfirming(true)}>
              {t('tours:settings.terms.publish')}
            </Button>
          </HStack>
        </Stack>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('tours:settings.terms.publish_title', { number: draft.number })}
        message={t('tours:settings.terms.publish_message', { number: draft.number, next: draft.number + 1 })}
        confirmLabel={t('tours:settings.terms.publish')}
        pending={publish.isPending}
        onConfirm={() => void doPublish()}
        onClose={() => setConfirming(false)}
      />
    </SectionCard>
  );
}
