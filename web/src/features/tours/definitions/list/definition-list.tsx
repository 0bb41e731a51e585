import { Alert, Badge, Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { errorCatalogue } from '@nine/shared/errors';
import {
  firstStepToDo,
  tourDefinitionIncompleteData,
  tourDefinitionStatuses,
  type TourDefinitionRow,
  type TourDefinitionStep,
} from '@nine/shared/schemas/tours/definitions';
import { ChoiceFilter } from '../../../../components/choice-filter.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../../components/data-table/row-action-button.tsx';
import { pagerOf } from '../../../../components/list-page.ts';
import { LiveSearchField } from '../../../../components/live-search-field.tsx';
import { PageHeading } from '../../../../components/page-heading.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDateTime, formatHours } from '../../../../lib/format.ts';
import { useAppTranslation } from '../../../../lib/i18n.ts';
import { saveFailureText } from '../../../../lib/save-failure.ts';
import { useNotify } from '../../../../lib/toast.tsx';
import { useListUrlState } from '../../../../lib/use-list-url-state.ts';
import { useDeleteTourDefinition } from '../../api/definitions/delete-tour-definition.ts';
import { useTourDefinitions } from '../../api/definitions/list-tour-definitions.ts';
import { useSetTourDefinitionStatus } from '../../api/definitions/set-tour-definition-status.ts';
import { useTourGroups } from '../../api/settings/get-tour-groups.ts';
import {
  DEFINITION_PAGE_SIZES,
  definitionListCodec,
  definitionListParams,
  type DefinitionSort,
} from './definition-list-state.ts';

const STATUS_PALETTE = { draft: 'yellow', active: 'green', inactive: 'gray' } as const;

type Pending = { kind: 'status' | 'delete'; row: TourDefinitionRow };
/** A refused activation or delete: what the server said and, when steps are missing, the first to complete. */
type Failure = { row: TourDefinitionRow; message: string; step: TourDefinitionStep | null };

/** The first step a 422 definitionIncomplete names, else null. */
function firstMissingStep(error: unknown): TourDefinitionStep | null {
  if (!(error instanceof ApiError) || error.respCode !== errorCatalogue.definitionIncomplete.code)
    return null;
  return tourDefinitionIncompleteData.safeParse(error.data).data?.steps[0] ?? null;
}

export interface DefinitionListProps {
  /** 'classic': the legacy Tours > Definitions screen, under its old title. */
  variant?: 'new' | 'classic';
  locationId: number | null;
  /** May create, edit, activate and delete tours (tour manage). */
  canManage: boolean;
  /** The editor at a step of a tour ('new' for a new one). */
  editorHref(id: number | 'new', step: TourDefinitionStep): string;
}

/**
 * The location's tour definitions: searched, filtered by group and status (in the URL), sorted and paged on
 * the server. Managers open a tour in the editor (a draft where it was left), activate or deactivate it, and
 * delete drafts.
 */
export function DefinitionList({ variant = 'new', locationId, canManage, editorHref }: DefinitionListProps) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { state, change } = useListUrlState(definitionListCodec, undefined, 25);
  const query = useTourDefinitions(locationId, definitionListParams(state));
  const groups = useTourGroups().data?.rows ?? [];
  const setStatus = useSetTourDefinitionStatus();
  const remove = useDeleteTourDefinition();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const data = query.data;
  const pager = pagerOf(data, state, change);

  const statusText = (status: TourDefinitionRow['status']) => t(`tours:definitions.status.${status}`);
  const columns: DataTableColumn<TourDefinitionRow>[] = [
    {
      id: 'name',
      title: t('tours:definitions.fields.name'),
      sortable: true,
      rowHeader: true,
      cell: (row) =>
        canManage ? (
          <ChakraLink asChild colorPalette="blue" variant="underline">
            <Link
              href={editorHref(row.id, row.status === 'draft' ? firstStepToDo(row.steps_done) : 'basic-info')}
            >
              {row.name}
            </Link>
          </ChakraLink>
        ) : (
          row.name
        ),
    },
    { id: 'code', title: t('tours:definitions.fields.code'), sortable: true, cell: (row) => row.code },
    {
      id: 'group',
      title: t('tours:definitions.fields.group'),
      cell: (row) =>
        row.group === null ? (
          <Text as="span" color="fg.muted">
            {t('tours:definitions.list.no_group')}
          </Text>
        ) : (
          <Badge colorPalette={row.group.color}>{row.group.name}</Badge>
        ),
    },
    {
      id: 'status',
      title: t('tours:definitions.fields.status'),
      cell: (row) => <Badge colorPalette={STATUS_PALETTE[row.status]}>{statusText(row.status)}</Badge>,
    },
    {
      id: 'capacity',
      title: t('tours:definitions.fields.capacity'),
      align: 'end',
      cell: (row) => row.capacity ?? '',
    },
    {
      id: 'duration',
      title: t('tours:definitions.fields.duration'),
      align: 'end',
      cell: (row) =>
        row.duration_minutes === null
          ? ''
          : t('tours:definitions.list.hours', { hours: formatHours(row.duration_minutes) }),
    },
    {
      id: 'next_event',
      title: t('tours:definitions.fields.next_event'),
      cell: (row) =>
        row.next_event_at === null ? t('tours:definitions.list.no_event') : formatDateTime(row.next_event_at),
    },
  ];
  if (canManage) {
    columns.push({
      id: 'actions',
      title: t('tours:definitions.fields.actions'),
      cell: (row) => (
        <HStack gap="2" wrap="wrap">
          {row.status === 'draft' ? (
            <Button asChild size="xs" variant="outline">
              <Link
                href={editorHref(row.id, firstStepToDo(row.steps_done))}
                aria-label={t('tours:definitions.actions.continue_named', { name: row.name })}
              >
                {t('tours:definitions.actions.continue')}
              </Link>
            </Button>
          ) : (
            <Button asChild size="xs" variant="outline">
              <Link
                href={editorHref(row.id, 'basic-info')}
                aria-label={t('tours:definitions.actions.edit_named', { name: row.name })}
              >
                {t('tours:definitions.actions.edit')}
              </Link>
            </Button>
          )}
          {row.status !== 'draft' && (
            <RowActionButton
              label={t(`tours:definitions.actions.${row.status === 'active' ? 'deactivate' : 'activate'}`)}
              name={t(
                `tours:definitions.actions.${row.status === 'active' ? 'deactivate' : 'activate'}_named`,
                {
                  name: row.name,
                },
              )}
              onClick={() => setPending({ kind: 'status', row })}
            />
          )}
          {row.status === 'draft' && (
            <RowActionButton
              colorPalette="red"
              label={t('tours:definitions.actions.delete')}
              name={t('tours:definitions.actions.delete_named', { name: row.name })}
              onClick={() => setPending({ kind: 'delete', row })}
            />
          )}
        </HStack>
      ),
    });
  }

  const row = pending?.row;
  const activating = row?.status === 'inactive';
  const confirm = () => {
    if (!pending || !row) return;
    setFailure(null);
    const done = (message: string) => () => {
      notify({ type: 'success', title: message });
      setPending(null);
    };
    // A refusal means the row shown is out of date (409) or not publishable (422): the dialog closes, the list
    // is read again and the reason stays above it, with the way to the editor when steps are missing.
    const onError = (error: unknown) => {
      setPending(null);
      void query.refetch();
      const message = saveFailureText(error, t('tours:definitions.confirm.conflict', { name: row.name }));
      setFailure({ row, message: message ?? t('common:form.invalid'), step: firstMissingStep(error) });
    };
    if (pending.kind === 'delete') {
      remove.mutate(
        { id: row.id, version: row.version },
        { onSuccess: done(t('tours:definitions.confirm.deleted', { name: row.name })), onError },
      );
    } else {
      setStatus.mutate(
        { id: row.id, version: row.version, status: activating ? 'active' : 'inactive' },
        {
          onSuccess: done(
            t(activating ? 'tours:definitions.confirm.activated' : 'tours:definitions.confirm.deactivated', {
              name: row.name,
            }),
          ),
          onError,
        },
      );
    }
  };

  return (
    <Stack gap="4">
      <PageHeading
        title={t(variant === 'classic' ? 'tours:definitions.title_classic' : 'tours:definitions.title')}
        actions={
          canManage && (
            <Button asChild size="sm" colorPalette="blue">
              <Link href={editorHref('new', 'basic-info')}>{t('tours:definitions.list.new')}</Link>
            </Button>
          )
        }
      />
      <HStack gap="4" align="end" wrap="wrap">
        <LiveSearchField
          maxW="sm"
          label={t('tours:definitions.list.search')}
          value={state.search}
          onSearch={(search) => change({ search })}
        />
        <ChoiceFilter
          label={t('tours:definitions.list.group_filter')}
          anyLabel={t('tours:definitions.list.any_group')}
          values={groups.map((g) => String(g.id))}
          value={state.group === undefined ? undefined : String(state.group)}
          optionLabel={(id) => groups.find((g) => String(g.id) === id)?.name ?? id}
          onChange={(id) => change({ group: id === undefined ? undefined : Number(id) })}
        />
        <ChoiceFilter
          label={t('tours:definitions.list.status_filter')}
          anyLabel={t('tours:definitions.list.any_status')}
          values={tourDefinitionStatuses}
          value={state.status}
          optionLabel={statusText}
          onChange={(status) => change({ status })}
        />
      </HStack>
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{failure.message}</Alert.Title>
            {failure.step !== null && (
              <Alert.Description>
                <ChakraLink asChild variant="underline">
                  <Link href={editorHref(failure.row.id, failure.step)}>
                    {t('tours:definitions.confirm.complete_step', {
                      name: failure.row.name,
                      step: t(`tours:definitions.editor.steps.${failure.step}`),
                    })}
                  </Link>
                </ChakraLink>
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
      <DataTable<TourDefinitionRow>
        columns={columns}
        rows={data?.rows}
        rowId={(r) => r.id}
        caption={t('tours:definitions.list.caption')}
        sort={{ column: state.sort, direction: state.sortType }}
        onSort={({ column, direction }) => change({ sort: column as DefinitionSort, sortType: direction })}
        query={query}
        loading={t('tours:definitions.list.loading')}
        empty={t('tours:definitions.list.empty')}
        pager={pager && { ...pager, pageSizes: DEFINITION_PAGE_SIZES }}
      />
      <ConfirmDialog
        open={pending !== null}
        size="sm"
        danger={pending?.kind === 'delete' || (pending?.kind === 'status' && !activating)}
        title={
          pending?.kind === 'delete'
            ? t('tours:definitions.confirm.delete_title')
            : t(
                activating
                  ? 'tours:definitions.confirm.activate_title'
                  : 'tours:definitions.confirm.deactivate_title',
              )
        }
        message={
          row === undefined
            ? ''
            : pending?.kind === 'delete'
              ? t('tours:definitions.confirm.delete_message', { name: row.name })
              : t(
                  activating
                    ? 'tours:definitions.confirm.activate_message'
                    : 'tours:definitions.confirm.deactivate_message',
                  {
                    name: row.name,
                  },
                )
        }
        confirmLabel={
          pending?.kind === 'delete'
            ? t('tours:definitions.actions.delete')
            : t(activating ? 'tours:definitions.actions.activate' : 'tours:definitions.actions.deactivate')
        }
        pending={remove.isPending || setStatus.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
