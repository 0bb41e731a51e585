import { describe, expect, it } from 'vitest';
import {
  decrypt,
  encrypt,
  loadSecure,
  readSecure,
  removeSecure,
  settleSecureWrites,
  writeSecure,
} from './secure-storage.ts';

describe('secure storage', () => {
  it('encrypts with AES-GCM: the stored text hides the value and round-trips', async () => {
    const sealed = await encrypt('{"token":"tok-secret"}');
    expect(sealed).toMatch(/^n1\./);
    expect(sealed).not.toContain('tok-secret');
    expect(await decrypt(sealed)).toBe('{"token":"tok-secret"}');
    // A fresh IV each time: the same value never looks the same twice.
    expect(await encrypt('{"token":"tok-secret"}')).not.toBe(sealed);
  });

  it('refuses what it did not write: plain JSON, another format, a tampered ciphertext', async () => {
    const sealed = await encrypt('hello');
    const [format, iv, body] = sealed.split('.');
    const flipped = `${format}.${iv}.${body?.startsWith('A') ? 'B' : 'A'}${body?.slice(1)}`;
    expect(await decrypt('{"token":"x"}')).toBeNull();
    expect(await decrypt('n2.abc.def')).toBeNull();
    expect(await decrypt(flipped)).toBeNull();
  });

  it('reads a write at once, then finds it encrypted in localStorage', async () => {
    writeSecure('nine.test', 'value-1');
    expect(readSecure('nine.test')).toBe('value-1');
    await settleSecureWrites();
    const stored = localStorage.getItem('nine.test');
    expect(stored).not.toBeNull();
    expect(stored).not.toContain('value-1');
    expect(readSecure('nine.test')).toBe('value-1');
  });

  it('the last write wins even when an earlier one finishes encrypting later', async () => {
    writeSecure('nine.test', 'first');
    writeSecure('nine.test', 'second');
    await settleSecureWrites();
    expect(await decrypt(localStorage.getItem('nine.test') ?? '')).toBe('second');
  });

  it('a removal beats a write still under way', async () => {
    writeSecure('nine.test', 'doomed');
    removeSecure('nine.test');
    await settleSecureWrites();
    expect(localStorage.getItem('nine.test')).toBeNull();
    expect(readSecure('nine.test')).toBeNull();
  });

  it('loads what another tab (or the last visit) stored, and forgets it once storage changes', async () => {
    localStorage.setItem('nine.test', await encrypt('from-before'));
    expect(readSecure('nine.test')).toBeNull();
    expect(await loadSecure('nine.test')).toBe('from-before');
    expect(readSecure('nine.test')).toBe('from-before');
    localStorage.clear();
    expect(readSecure('nine.test')).toBeNull();
    localStorage.setItem('nine.test', 'garbage');
    expect(await loadSecure('nine.test')).toBeNull();
  });
});
