import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl } from '../src/lib/log-redaction.ts';

// Share tokens and payment references are bearer secrets: the request log must not carry them.
describe('log redaction', () => {
  it('replaces the participant token, the test-payment reference and a token query parameter', () => {
    const token = 'AbC123_-xyzAbC123_-xyzAbC123_-xyzAbC123_-x';
    expect(redactUrl(`/api/nine/public/participant/${token}`)).toBe(
      '/api/nine/public/participant/[redacted]',
    );
    expect(redactUrl(`/api/nine/public/participant/${token}/participants/4/waiver?x=1`)).toBe(
      '/api/nine/public/participant/[redacted]/participants/4/waiver?x=1',
    );
    expect(redactUrl('/api/nine/public/test-payments/pi_test_123/confirm')).toBe(
      '/api/nine/public/test-payments/[redacted]/confirm',
    );
    expect(redactUrl(`/nine/participant/signe?token=${token}&lang=es`)).toBe(
      '/nine/participant/signe?token=[redacted]&lang=es',
    );
    expect(redactUrl('/api/nine/rent-orders/12?page=2')).toBe('/api/nine/rent-orders/12?page=2');
  });

  it('keeps Fastify’s request fields in the log line, the URL redacted', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', serializers: logSerializers, stream } });
    app.get('/api/nine/public/participant/:token', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/api/nine/public/participant/secret-token-value?token=also-secret',
    });
    await app.close();
    const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
    expect(incoming.req).toMatchObject({
      method: 'GET',
      url: '/api/nine/public/participant/[redacted]?token=[redacted]',
    });
    expect(lines.join('')).not.toContain('secret-token-value');
    expect(lines.join('')).not.toContain('also-secret');
  });
});
