import { mkdir, rm, stat } from 'node:fs/promises';

// The simulated agent keeps one pairing code at a time: a spec asking for a code replaces the code another
// spec is typing. Specs run in parallel workers (separate processes), so they take turns through a lock
// folder from asking for the code until the browser is paired.
const AGENT_PORT = Number(process.env.E2E_AGENT_PORT ?? 3927);
const CONTROL = `http://127.0.0.1:${AGENT_PORT + 1}`;
const LOCK = `${process.env.E2E_AGENT_DATA_DIR ?? '/tmp/nine-e2e-agent'}-pairing.lock`;
/** A lock older than this was left by a crashed worker. */
const STALE_MS = 60_000;

async function acquire(): Promise<void> {
  for (;;) {
    try {
      await mkdir(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(LOCK).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_MS) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Runs `pair` alone: it gets a new code its own way (the agent's page) and must finish the pairing. */
export async function withPairingTurn<T>(pair: () => Promise<T>): Promise<T> {
  await acquire();
  try {
    return await pair();
  } finally {
    await rm(LOCK, { recursive: true, force: true });
  }
}

/** Asks the agent's console for a fresh code and hands it to `use`, which must finish the pairing. */
export function withPairingCode<T>(use: (code: string) => Promise<T>): Promise<T> {
  return withPairingTurn(async () => {
    const response = await fetch(`${CONTROL}/pairing-code`, { method: 'POST' });
    if (!response.ok) throw new Error(`pairing code: HTTP ${response.status}`);
    const { code } = (await response.json()) as { code: string };
    return use(code);
  });
}
