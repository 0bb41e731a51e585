import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The newest e-mail the server wrote to the outbox for `to`, its quoted-printable body decoded. */
export async function lastMailTo(to: string): Promise<string | null> {
  const dir = process.env.E2E_OUTBOX_DIR!;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(to)).sort();
  if (!files.length) return null;
  const raw = await readFile(join(dir, files.at(-1)!), 'latin1');
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(decoded, 'latin1').toString('utf8');
}
