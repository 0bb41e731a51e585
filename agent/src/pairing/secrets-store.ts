import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What the agent keeps secret: its identity and the hashes of the tokens it issued (never the tokens). */
export interface Secrets {
  agentId: string;
  tokens: { hash: string; createdAt: string }[];
}

export interface SecretsStore {
  readonly path: string;
  load(): Promise<Secrets>;
  save(secrets: Secrets): Promise<void>;
}

const FILE_MODE = 0o600;

function isSecrets(value: unknown): value is Secrets {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Secrets>;
  return (
    typeof candidate.agentId === 'string' &&
    Array.isArray(candidate.tokens) &&
    candidate.tokens.every((t) => typeof t?.hash === 'string' && typeof t.createdAt === 'string')
  );
}

/**
 * `<dataDir>/secrets.json`, readable only by the agent's user (mode 0600; on Windows the ACL of the user's
 * profile folder does that job). Saved through a temporary file and a rename so a crash never leaves half a file.
 */
export function createSecretsStore(dataDir: string): SecretsStore {
  const path = join(dataDir, 'secrets.json');
  let saving: Promise<void> = Promise.resolve();
  const write = async (secrets: Secrets): Promise<void> => {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const temporary = `${path}.${process.pid}.tmp`;
    const handle = await open(temporary, 'w', FILE_MODE);
    try {
      // `open` honours the umask and keeps the mode of a leftover file: set it before writing anything.
      await handle.chmod(FILE_MODE);
      await handle.writeFile(`${JSON.stringify(secrets, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  };
  // Saves run one at a time: they share the temporary file name.
  const save = (secrets: Secrets): Promise<void> => {
    const snapshot = structuredClone(secrets);
    const next = saving.then(() => write(snapshot));
    saving = next.catch(() => undefined);
    return next;
  };
  return {
    path,
    async load() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        const fresh: Secrets = { agentId: randomUUID(), tokens: [] };
        await save(fresh);
        return fresh;
      }
      // Someone loosened the permissions (a copy, an unzip): tighten them again.
      if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, FILE_MODE);
      const parsed: unknown = JSON.parse(text);
      if (!isSecrets(parsed)) throw new Error(`${path} is not a secrets file of this agent`);
      return parsed;
    },
    save,
  };
}
