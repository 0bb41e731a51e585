import type { PublicParticipantPage } from '@nine/shared/schemas/tours/public';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { quietApi } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

export type { PublicParticipantPage } from '@nine/shared/schemas/tours/public';

/** Every query of one participant page starts with this key (the payment block's too). */
export const participantPageKey = (token: string) => ['participant', token] as const;

/** GET /api/nine/public/participant/:token: the reservation as the group sees it (404 once the link is dead). */
export function getParticipantPage(
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PublicParticipantPage> {
  return quietApi.get<PublicParticipantPage>(`nine/public/participant/${encodeURIComponent(token)}`, {
    signal,
  });
}

/** The summary's own key: its consent sentence is in the request's language, so a switch reads it again. */
export const participantPageQueryOptions = (token: string, language: string) =>
  queryOptions({
    queryKey: [...participantPageKey(token), 'summary', language],
    queryFn: ({ signal }) => getParticipantPage(token, { signal }),
    // A dead link or the rate limit does not heal by asking again at once.
    retry: false,
    // The page shown in the last language stays while the new one loads.
    placeholderData: keepPreviousData,
  });

export function useParticipantPage(token: string) {
  return useQuery(participantPageQueryOptions(token, currentLanguage()));
}
