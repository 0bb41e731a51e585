/**
 * Where the participant page finds its token. A share link brings it in the address (`?token=`); the page
 * moves it to this tab's sessionStorage at once and takes it out of the address, so it does not travel on
 * (Stripe's return address and scripts see the page's address) and a return from the bank's page still
 * finds it. Easy-sign (often a shared kiosk or counter tablet) keeps the token it looked up there too, so it
 * never lands in the browser history for the next customer; "Done" removes it, and closing the tab forgets it.
 * One token at a time: keeping one forgets the other.
 */
const EASY_SIGN_KEY = 'nine.participant.easy-sign-token';
const LINK_KEY = 'nine.participant.link-token';

export type TokenSource = 'link' | 'easy-sign';

export function readParticipantToken(search: string): { token: string; source: TokenSource } | null {
  const fromLink = new URLSearchParams(search).get('token');
  if (fromLink) return { token: fromLink, source: 'link' };
  const kept = sessionStorage.getItem(EASY_SIGN_KEY);
  if (kept) return { token: kept, source: 'easy-sign' };
  const link = sessionStorage.getItem(LINK_KEY);
  return link ? { token: link, source: 'link' } : null;
}

/** The address's search without the token (what the page replaces its address with), or null when it had none. */
export function withoutToken(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('token')) return null;
  params.delete('token');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export function keepLinkToken(token: string): void {
  sessionStorage.removeItem(EASY_SIGN_KEY);
  sessionStorage.setItem(LINK_KEY, token);
}

export function keepEasySignToken(token: string): void {
  sessionStorage.removeItem(LINK_KEY);
  sessionStorage.setItem(EASY_SIGN_KEY, token);
}

export function forgetEasySignToken(): void {
  sessionStorage.removeItem(EASY_SIGN_KEY);
}
