import { Badge, Box, Button, Card, Heading, HStack, List, Progress, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PublicParticipant, PublicParticipantPage } from '@nine/shared/schemas/tours/public';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { PageSpinner } from '../../../components/page-spinner.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { participantPageKey, useParticipantPage } from '../api/get-participant-page.ts';
import { eventWhen } from '../event-when.ts';
import { PublicFailure } from '../public-failure.tsx';
import { ADULT_AGE, ageOn } from './participant-schema.ts';
import { ParticipantEditForm } from './participant-edit-form.tsx';
import { openSeats, ParticipantForm } from './participant-form.tsx';
import { WaiverForm } from './waiver-form.tsx';

type Step =
  | { kind: 'list'; news?: string }
  | { kind: 'add' }
  | { kind: 'edit'; participant: PublicParticipant }
  | { kind: 'sign'; id: number; name: string; signer: string; guardian: boolean };

// The heading each step's section opens with: focus moves there when the step changes, so a keyboard or
// screen-reader user lands on what appeared rather than on the page's top.
const STEP_HEADING = { add: 'add-heading', edit: 'edit-heading', sign: 'sign-heading' } as const;

export interface ParticipantSignScreenProps {
  token: string;
  /** What follows the signatures when a balance is due and the business takes payments online. */
  renderPayment?(refresh: () => void): ReactNode;
  /** Shown as a "Done" button (a kiosk or counter tablet clears itself for the next customer). */
  onDone?(): void;
}

/** One step of the page (add, correct, sign) as a section named by its heading, which takes the focus. */
function StepCard({
  step,
  title,
  children,
}: {
  step: keyof typeof STEP_HEADING;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={STEP_HEADING[step]}>
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="lg" id={STEP_HEADING[step]} tabIndex={-1}>
            {title}
          </Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A guardian signs for a seat whose age group says so or ends below adulthood (the server checks the same). */
export function seatGuardian(page: PublicParticipantPage, ageGroupId: number | null): boolean {
  const seat = page.seats.find((s) => s.age_group_id === ageGroupId);
  if (!seat) return false;
  return seat.guardian_required || (seat.max_age !== null && seat.max_age < ADULT_AGE);
}

/**
 * The page a share link or easy-sign opens: the booking, who is on it and who signed, adding oneself, signing
 * the terms in force (a guardian for a minor), then paying what is due.
 */
export function ParticipantSignScreen({ token, renderPayment, onDone }: ParticipantSignScreenProps) {
  const { t } = useAppTranslation();
  const query = useParticipantPage(token);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'list' });
  const page = query.data;
  const stepChanged = useRef(false);
  useEffect(() => {
    // Not on the first showing: the page opens at its top.
    if (!stepChanged.current) {
      stepChanged.current = true;
      return;
    }
    const target =
      step.kind === 'list'
        ? step.news
          ? 'participants-news'
          : 'participants-heading'
        : STEP_HEADING[step.kind];
    document.getElementById(target)?.focus();
  }, [step]);

  const done = onDone && (
    <Button variant="outline" size="lg" onClick={onDone} alignSelf="flex-start">
      {t('participant:sign.done')}
    </Button>
  );
  if (query.isPending) return <PageSpinner />;
  if (query.isError || page === undefined) return <PublicFailure error={query.error}>{done}</PublicFailure>;

  const refresh = () => queryClient.invalidateQueries({ queryKey: participantPageKey(token) });
  const isTour = page.order.kind === 'tour';
  const seatsTotal = page.seats.reduce((sum, seat) => sum + seat.quantity, 0);
  const canAdd = !isTour || openSeats(page).length > 0;
  const groupName = (id: number | null) => page.seats.find((s) => s.age_group_id === id)?.name;
  const allSigned = page.filled > 0 && page.signed === page.filled && (!isTour || page.filled >= seatsTotal);

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {page.event?.name ?? t('participant:sign.rent_title')}
        </Heading>
        <Text color="fg.muted">{t('participant:sign.booking_number', { number: page.order.number })}</Text>
        {page.event && (
          <Text fontWeight="medium">
            {t(
              'participant:sign.when',
              eventWhen(page.event.starts_at, page.event.ends_at, page.event.time_zone),
            )}
          </Text>
        )}
        {page.event?.meeting_point && (
          <Text>
            {t('participant:sign.meeting_point', { place: page.event.meeting_point.name })}
            {page.event.meeting_point.address ? ` · ${page.event.meeting_point.address}` : ''}
          </Text>
        )}
        {page.event?.meeting_point?.instructions && (
          <Text fontSize="sm" color="fg.muted">
            {page.event.meeting_point.instructions}
          </Text>
        )}
        {page.event?.what_to_bring && (
          <Text fontSize="sm">
            {t('participant:sign.what_to_bring', { items: page.event.what_to_bring })}
          </Text>
        )}
      </Stack>

      <Card.Root as="section" aria-labelledby="participants-heading">
        <Card.Body>
          <Stack gap="4">
            <Heading as="h2" size="lg" id="participants-heading" tabIndex={-1}>
              {t('participant:sign.participants_title')}
            </Heading>
            <Stack gap="1">
              <Text fontWeight="medium">
                {isTour
                  ? t('participant:sign.progress', {
                      filled: page.filled,
                      total: seatsTotal,
                      signed: page.signed,
                    })
                  : t('participant:sign.progress_rent', { count: page.filled, signed: page.signed })}
              </Text>
              {isTour && seatsTotal > 0 && (
                <Progress.Root
                  value={Math.round((page.signed / seatsTotal) * 100)}
                  aria-label={t('participant:sign.progress_label')}
                  size="sm"
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )}
            </Stack>
            {step.kind === 'list' && step.news && (
              <Box id="participants-news" tabIndex={-1}>
                <MessageAlert status="success">{step.news}</MessageAlert>
              </Box>
            )}
            {page.terms === null && (
              <MessageAlert status="info">{t('errors:termsNotPublished')}</MessageAlert>
            )}
            {page.participants.length === 0 ? (
              <Text color="fg.muted">{t('participant:sign.nobody_yet')}</Text>
            ) : (
              <List.Root as="ul" listStyle="none" gap="2">
                {page.participants.map((p) => {
                  // The server sends the initial with its full stop ("S.").
                  const name = `${p.first_name} ${p.last_initial}`;
                  return (
                    <List.Item key={p.id}>
                      <HStack justify="space-between" gap="3" wrap="wrap" py="1" borderBottomWidth="1px">
                        <Box>
                          <Text fontWeight="medium">
                            {name}
                            {p.is_organiser ? ` · ${t('participant:sign.organiser')}` : ''}
                          </Text>
                          {groupName(p.age_group_id) && (
                            <Text fontSize="sm" color="fg.muted">
                              {groupName(p.age_group_id)}
                            </Text>
                          )}
                        </Box>
                        {p.signed ? (
                          <Badge colorPalette="green" size="lg">
                            {t('participant:sign.signed')}
                          </Badge>
                        ) : step.kind === 'list' ? (
                          <HStack gap="2" wrap="wrap">
                            <Button
                              size="md"
                              variant="outline"
                              aria-label={t('participant:sign.edit_for', { name })}
                              onClick={() => setStep({ kind: 'edit', participant: p })}
                            >
                              {t('participant:sign.edit')}
                            </Button>
                            {page.terms !== null ? (
                              <Button
                                size="md"
                                onClick={() =>
                                  setStep({
                                    kind: 'sign',
                                    id: p.id,
                                    name,
                                    signer: '',
                                    guardian: seatGuardian(page, p.age_group_id),
                                  })
                                }
                              >
                                {t('participant:sign.sign_button', { name: p.first_name })}
                              </Button>
                            ) : (
                              <Badge size="lg">{t('participant:sign.unsigned')}</Badge>
                            )}
                          </HStack>
                        ) : (
                          <Badge size="lg">{t('participant:sign.unsigned')}</Badge>
                        )}
                      </HStack>
                    </List.Item>
                  );
                })}
              </List.Root>
            )}
            {step.kind === 'list' && canAdd && (
              <Button
                size="lg"
                variant="outline"
                alignSelf="flex-start"
                onClick={() => setStep({ kind: 'add' })}
              >
                {page.participants.length === 0
                  ? t('participant:sign.add_first')
                  : t('participant:sign.add_another')}
              </Button>
            )}
            {allSigned && step.kind === 'list' && (
              <MessageAlert status="success" role="status">
                {t('participant:sign.all_signed')}
              </MessageAlert>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      {step.kind === 'add' && (
        <StepCard step="add" title={t('participant:sign.add_title')}>
          <ParticipantForm
            token={token}
            page={page}
            onCancel={() => setStep({ kind: 'list' })}
            onStale={() => void refresh()}
            onAdded={({ participant, fullName, birthDate }) => {
              void refresh();
              const age = ageOn(birthDate);
              const guardian =
                seatGuardian(page, participant.age_group_id) || (age !== null && age < ADULT_AGE);
              setStep(
                page.terms === null
                  ? { kind: 'list', news: t('participant:sign.added', { name: fullName }) }
                  : { kind: 'sign', id: participant.id, name: fullName, signer: fullName, guardian },
              );
            }}
          />
        </StepCard>
      )}

      {step.kind === 'edit' && (
        <StepCard step="edit" title={t('participant:sign.edit_title')}>
          <ParticipantEditForm
            token={token}
            page={page}
            participant={step.participant}
            onCancel={() => setStep({ kind: 'list' })}
            onStale={() => void refresh()}
            onSaved={(saved) => {
              void refresh();
              setStep({
                kind: 'list',
                news: t('participant:sign.edited', { name: `${saved.first_name} ${saved.last_initial}` }),
              });
            }}
          />
        </StepCard>
      )}

      {step.kind === 'sign' && page.terms !== null && (
        <StepCard step="sign" title={t('participant:sign.waiver_title')}>
          <WaiverForm
            token={token}
            terms={page.terms}
            consentText={page.consent_text}
            participantId={step.id}
            participantName={step.name}
            defaultSigner={step.signer}
            guardianRequired={step.guardian}
            onCancel={() => setStep({ kind: 'list' })}
            onStale={() => void refresh()}
            onSigned={() => {
              void refresh();
              setStep({ kind: 'list', news: t('participant:sign.signed_news', { name: step.name }) });
            }}
          />
        </StepCard>
      )}

      {/* kept after paying, so the payer sees the confirmation */}
      {page.payments_enabled && renderPayment?.(() => void refresh())}
      {done}
    </Stack>
  );
}
