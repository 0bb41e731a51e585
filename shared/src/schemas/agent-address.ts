import { z } from 'zod';
import { AGENT_WS_PATH } from '../agent-protocol.ts';

// shared is typed for plain ES; the browsers and Node that run this both have the WHATWG URL.
declare const URL: new (text: string) => {
  protocol: string;
  hostname: string;
  username: string;
  password: string;
  search: string;
  hash: string;
  pathname: string;
  toString(): string;
};
type URL = InstanceType<typeof URL>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The address typed as a URL: a bare port (`17900`) or `host:port` is completed to a ws:// one. */
function asUrl(input: string): URL | null {
  let text = input.trim();
  if (/^\d{1,5}$/.test(text)) text = `127.0.0.1:${text}`;
  if (!/^[a-z]+:\/\//i.test(text)) text = `ws://${text}`;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * The counter agent's websocket address, as this PC's settings keep it (device only, never sent to the
 * server): ws/wss on a loopback host, so the pairing token is never sent off this PC; the agent's path when
 * none is given. Anything else is refused with the token `agent_address`.
 */
export const agentAddress = z.string().transform((input, ctx) => {
  const url = asUrl(input);
  if (
    url === null ||
    (url.protocol !== 'ws:' && url.protocol !== 'wss:') ||
    !LOOPBACK_HOSTS.has(url.hostname) ||
    url.username !== '' ||
    url.password !== '' ||
    url.search !== '' ||
    url.hash !== ''
  ) {
    ctx.addIssue({ code: 'custom', message: 'agent_address' });
    return z.NEVER;
  }
  if (url.pathname === '/' || url.pathname === '') url.pathname = AGENT_WS_PATH;
  return url.toString();
});

/** The agent settings' address form. */
export const agentAddressForm = z.object({ url: agentAddress });
