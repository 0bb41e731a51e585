import { LOOPBACK_HOST } from '../app.ts';

export interface IssuedCode {
  code: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** The console's line for a code: `Pairing code: 123456 (valid 5 minutes)`. */
export function pairingCodeLine(code: IssuedCode, now: number = Date.now()): string {
  const minutes = Math.max(1, Math.round((code.expiresAt - now) / 60_000));
  return `Pairing code: ${code.code} (valid ${minutes} minute${minutes === 1 ? '' : 's'})`;
}

/**
 * `nine-agent pair`: asks the agent running on this PC for a fresh code through its control port, which
 * answers local processes only (no browser). Throws with a sentence a person can act on.
 */
export async function requestPairingCode(controlPort: number): Promise<IssuedCode> {
  const url = `http://${LOOPBACK_HOST}:${controlPort}/pairing-code`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(5000) });
  } catch {
    throw new Error(
      `no agent answers on ${url}: is it running, and on this port? (set --port or AGENT_PORT as the agent has it)`,
    );
  }
  const body = (await response.json().catch(() => null)) as { code?: unknown; expiresAt?: unknown } | null;
  if (!response.ok || typeof body?.code !== 'string' || typeof body.expiresAt !== 'string') {
    throw new Error(`the agent on ${url} refused a new pairing code (HTTP ${response.status})`);
  }
  return { code: body.code, expiresAt: Date.parse(body.expiresAt) };
}
