import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, secretBoxFromEnv } from '../src/lib/secret-box.ts';

describe('secret box', () => {
  const key = randomBytes(32);

  it('seals to text without the secret and opens it again', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('EAAAl-secret-token-1234');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('secret-token');
    expect(box.open(sealed)).toBe('EAAAl-secret-token-1234');
    // A fresh nonce each time: the same secret never seals to the same text.
    expect(box.seal('EAAAl-secret-token-1234')).not.toBe(sealed);
  });

  it('refuses another key and altered text', () => {
    const sealed = createSecretBox(key).seal('token');
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split(':');
    const altered = Buffer.from(data!, 'base64');
    altered[0] = altered[0]! ^ 1;
    expect(() => createSecretBox(key).open([v, iv, tag, altered.toString('base64')].join(':'))).toThrow();
    expect(() => createSecretBox(key).open('plain')).toThrow();
  });

  it('takes NINE_SECRET_KEY, a development key outside production, nothing in production', () => {
    const configured = secretBoxFromEnv({ NINE_SECRET_KEY: key.toString('base64'), NODE_ENV: 'production' });
    expect(configured?.development).toBe(false);
    expect(createSecretBox(key).open(configured!.seal('x'))).toBe('x');
    expect(secretBoxFromEnv({ NODE_ENV: 'test' })?.development).toBe(true);
    expect(secretBoxFromEnv({ NODE_ENV: 'production' })).toBeNull();
    expect(() => secretBoxFromEnv({ NINE_SECRET_KEY: 'c2hvcnQ=' })).toThrow(/32 bytes/);
  });
});
