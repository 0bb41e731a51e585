import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { OrderParticipants, TourParticipant } from '@nine/shared/schemas/tours/participants';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { useDeleteParticipant } from '../api/reservation/delete-participant.ts';
import { downloadWaiverPdf } from '../api/reservation/download-waiver-pdf.ts';
import { useOrderParticipants } from '../api/reservation/get-order-participants.ts';
import { ParticipantDialog } from './participant-dialog.tsx';
import { SignWaiverDialog } from './sign-waiver-dialog.tsx';

const fullName = (p: Pick<TourParticipant, 'first_name' | 'last_name'>) =>
  `${p.first_name} ${p.last_name}`.trim();

/** The signature column: when and by whom, or unsigned; a waiver of older terms says so. */
export function SignatureBadge({ participant }: { participant: TourParticipant }) {
  const { t } = useAppTranslation();
  const waiver = participant.waiver;
  if (waiver === null) return <Badge colorPalette="orange">{t('tours:participants.unsigned')}</Badge>;
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette={waiver.current ? 'green' : 'yellow'}>
        {waiver.current ? t('tours:participants.signed') : t('tours:participants.signed_old_terms')}
      </Badge>
      <Text fontSize="xs" color="fg.muted">
        {t(`tours:participants.signed_by_${waiver.signer_role}`, {
          name: waiver.signer_name,
          when: formatDateTime(waiver.signed_at),
        })}
      </Text>
    </Stack>
  );
}

/** "3 of 4 seats named · 2 of 3 signed" */
export function participantCounters(t: ReturnType<typeof useAppTranslation>['t'], data: OrderParticipants) {
  return {
    filled:
      data.kind === 'tour'
        ? t('tours:participants.filled', {
            filled: formatNumber(data.filled),
            seats: formatNumber(data.seats_total),
          })
        : t('tours:participants.filled_rent', { filled: formatNumber(data.filled) }),
    signed: t('tours:participants.signed_count', {
      signed: formatNumber(data.signed),
      filled: formatNumber(data.filled),
    }),
  };
}

export interface ParticipantsSectionProps {
  locationId: number;
  orderId: number;
  canChange: boolean;
  /** The session's bearer token, for the waiver PDF (a file, not JSON). */
  token: string;
}

/**
 * The reservation's participants: who they are, their age group, whether they signed the terms in force and
 * checked in. Staff add and correct them, hand the tablet over to sign at the counter, and download the
 * signed waiver's PDF. A signed participant is not edited or removed (1792): a correction is a new signature.
 */
export function ParticipantsSection({ locationId, orderId, canChange, token }: ParticipantsSectionProps) {
  const { t } = useAppTranslation();
  const query = useOrderParticipants(locationId, orderId);
  const [editing, setEditing] = useState<TourParticipant | 'new' | null>(null);
  const [signing, setSigning] = useState<TourParticipant | null>(null);
  const [removing, setRemoving] = useState<TourParticipant | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const remove = useDeleteParticipant();
  const data = query.data;
  const signedReason = t('errors:waiverSigned');
  const allNamedId = useId();

  const download = async (participant: TourParticipant) => {
    if (participant.waiver === null) return;
    setPdfError(null);
    try {
      const file = await downloadWaiverPdf(participant.waiver.id, { token, locationId });
      saveFile(file.blob, file.fileName);
    } catch (error) {
      setPdfError(error instanceof ApiError ? error.message : t('tours:participants.pdf_failed'));
    }
  };

  const columns: DataTableColumn<TourParticipant>[] = [
    { id: 'name', title: t('tours:participants.name'), rowHeader: true, cell: fullName },
    {
      id: 'age_group',
      title: t('tours:participants.age_group'),
      cell: (row) => row.age_group_name ?? '—',
    },
    {
      id: 'organiser',
      title: t('tours:participants.organiser'),
      cell: (row) => (row.is_organiser ? t('tours:participants.organiser_yes') : ''),
    },
    {
      id: 'signature',
      title: t('tours:participants.signature'),
      cell: (row) => <SignatureBadge participant={row} />,
    },
    {
      id: 'checked_in',
      title: t('tours:participants.checked_in'),
      cell: (row) => (row.checked_in_at === null ? '—' : formatDateTime(row.checked_in_at)),
    },
    {
      id: 'actions',
      title: t('tours:participants.actions'),
      titleHidden: true,
      hideWhenPrinting: true,
      cell: (row) => {
        const signed = row.waiver !== null;
        const name = fullName(row);
        return (
          <HStack gap="1" wrap="wrap">
            {canChange && (
              <>
                <RowActionButton
                  label={t('tours:participants.edit')}
                  name={t('tours:participants.edit_named', { name })}
                  disabled={signed}
                  title={signed ? signedReason : undefined}
                  onClick={() => setEditing(row)}
                />
                <RowActionButton
                  label={t('tours:participants.remove')}
                  name={t('tours:participants.remove_named', { name })}
                  disabled={signed}
                  title={signed ? signedReason : undefined}
                  onClick={() => {
                    remove.reset();
                    setRemoving(row);
                  }}
                />
                <RowActionButton
                  label={signed ? t('tours:participants.sign_again') : t('tours:participants.sign_here')}
                  name={t(signed ? 'tours:participants.sign_again_named' : 'tours:participants.sign_named', {
                    name,
                  })}
                  disabled={data?.terms === null}
                  onClick={() => setSigning(row)}
                />
              </>
            )}
            {signed && (
              <RowActionButton
                label={t('tours:participants.download_pdf')}
                name={t('tours:participants.download_pdf_named', { name })}
                onClick={() => void download(row)}
              />
            )}
          </HStack>
        );
      },
    },
  ];

  const counters = data ? participantCounters(t, data) : null;
  const full = data !== undefined && data.kind === 'tour' && data.filled >= data.seats_total;
  return (
    <Stack gap="3">
      {counters !== null && (
        <HStack gap="4" wrap="wrap" data-testid="participant-counters">
          <Text fontWeight="semibold">{counters.filled}</Text>
          <Text fontWeight="semibold">{counters.signed}</Text>
        </HStack>
      )}
      <DataTable<TourParticipant>
        columns={columns}
        rows={data?.participants}
        rowId={(row) => row.id}
        caption={t('tours:participants.caption')}
        emptyNote={t('tours:participants.empty')}
        query={query}
        errorTitle={t('tours:participants.load_failed')}
        size="sm"
      />
      {data !== undefined && data.participants.some((p) => p.waiver !== null) && canChange && (
        <Text fontSize="sm" color="fg.muted">
          {signedReason}
        </Text>
      )}
      {data?.terms === null && <Text color="fg.warning">{t('tours:participants.sign.no_terms')}</Text>}
      {canChange && data !== undefined && (
        <HStack gap="3" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            disabled={full}
            aria-describedby={full ? allNamedId : undefined}
            onClick={() => setEditing('new')}
          >
            {t('tours:participants.add')}
          </Button>
          {full && (
            <Text id={allNamedId} fontSize="sm" color="fg.muted">
              {t('tours:participants.all_named')}
            </Text>
          )}
        </HStack>
      )}
      {pdfError !== null && <MessageAlert status="error">{pdfError}</MessageAlert>}
      {remove.isError && (
        <MessageAlert status="error">
          {saveFailureText(remove.error, t('tours:participants.conflict'))}
        </MessageAlert>
      )}
      {data !== undefined && (
        <>
          <ParticipantDialog
            open={editing !== null}
            onClose={() => setEditing(null)}
            orderId={orderId}
            data={data}
            participant={editing === 'new' ? null : editing}
          />
          <SignWaiverDialog
            open={signing !== null}
            onClose={() => setSigning(null)}
            data={data}
            participant={signing}
          />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('tours:participants.remove_title')}
        message={t('tours:participants.remove_message', { name: removing ? fullName(removing) : '' })}
        confirmLabel={t('tours:participants.remove')}
        danger
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          // Closed either way: a refusal shows under the list, not behind the dialog.
          removing !== null && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })
        }
      />
    </Stack>
  );
}
