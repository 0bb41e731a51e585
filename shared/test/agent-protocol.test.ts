import { describe, expect, it } from 'vitest';
import {
  AGENT_PROTOCOL_VERSION,
  errorReply,
  kioskProofMessage,
  makeEvent,
  okReply,
  parseAgentMessage,
  parseAgentRequest,
  privilegedRequestTypes,
} from '../src/agent-protocol.ts';

const receipt = {
  header: { title: 'Kayak Corner' },
  lines: [{ description: 'Kayak, 1 day', quantity: 1, unitPrice: 4500, amount: 4500 }],
};

function errorCodeOf(input: unknown): string | undefined {
  const parsed = parseAgentRequest(input);
  return parsed.ok ? undefined : parsed.reply.error.code;
}

describe('parseAgentRequest', () => {
  it('accepts a hello without payload and applies defaults', () => {
    const parsed = parseAgentRequest(JSON.stringify({ v: 1, id: 'a1', type: 'hello' }));
    expect(parsed).toEqual({ ok: true, request: { v: 1, id: 'a1', type: 'hello', payload: {} } });
  });

  it('accepts a receipt print job and fills the receipt defaults', () => {
    const parsed = parseAgentRequest({
      v: 1,
      id: 'p1',
      type: 'print',
      token: 'x'.repeat(43),
      payload: { job: { kind: 'receipt', receipt } },
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok || parsed.request.type !== 'print') throw new Error('expected a print request');
    const job = parsed.request.payload.job;
    expect(job.kind).toBe('receipt');
    expect(job.cut).toBe(true);
    expect(job.openDrawer).toBe(false);
    if (job.kind === 'receipt') {
      expect(job.receipt.currency).toBe('USD');
      expect(job.receipt.footer).toEqual([]);
    }
  });

  it('answers broken frames with the matching error code', () => {
    expect(errorCodeOf('{not json')).toBe('bad-json');
    expect(errorCodeOf('[1,2]')).toBe('bad-envelope');
    expect(errorCodeOf(JSON.stringify({ v: 1, type: 'hello' }))).toBe('bad-envelope');
    expect(errorCodeOf(JSON.stringify({ v: 2, id: 'x', type: 'hello' }))).toBe('unsupported-version');
    expect(errorCodeOf(JSON.stringify({ v: 1, id: 'x', type: 'format-disk' }))).toBe('unknown-type');
    expect(errorCodeOf(JSON.stringify({ v: 1, id: 'x', type: 'pair', payload: { code: '12345' } }))).toBe(
      'invalid-payload',
    );
    expect(errorCodeOf({ v: 1, id: 'x', type: 'print', payload: { job: { kind: 'fax' } } })).toBe(
      'invalid-payload',
    );
    expect(errorCodeOf(undefined)).toBe('bad-envelope');
  });

  it('keeps the request id in error replies when it can read one', () => {
    const parsed = parseAgentRequest({ v: 1, id: 'keep-me', type: 'nope' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reply.id).toBe('keep-me');
    const broken = parseAgentRequest('}');
    if (!broken.ok) expect(broken.reply.id).toBeNull();
  });

  it('names the failing field in invalid-payload messages', () => {
    const parsed = parseAgentRequest({ v: 1, id: 'x', type: 'job-status', payload: {} });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reply.error.message).toContain('payload.jobId');
  });
});

describe('parseAgentMessage', () => {
  it('reads events and checks their payloads', () => {
    const event = makeEvent('scan', {
      scannerId: 'sim-scanner',
      code: '4006381333931',
      at: new Date().toISOString(),
    });
    const parsed = parseAgentMessage(JSON.stringify(event));
    expect(parsed).toEqual({ kind: 'event', event });
    expect(parseAgentMessage({ v: 1, event: 'scan', payload: { code: '' } }).kind).toBe('invalid');
    expect(parseAgentMessage({ v: 1, event: 'earthquake', payload: {} }).kind).toBe('invalid');
  });

  it('validates a reply result against the request it answers', () => {
    const good = okReply<'pair'>('r1', { token: 't'.repeat(43) });
    expect(parseAgentMessage(JSON.stringify(good), () => 'pair')).toEqual({ kind: 'reply', reply: good });
    const bad = { v: AGENT_PROTOCOL_VERSION, id: 'r2', ok: true, result: { token: 3 } };
    expect(parseAgentMessage(bad, () => 'pair').kind).toBe('invalid');
    const failure = errorReply('r3', 'unauthorized', 'pair first');
    expect(parseAgentMessage(failure)).toEqual({ kind: 'reply', reply: failure });
  });
});

describe('kiosk-identity', () => {
  const challenge = 'ch4llenge-from-the-server-1234';

  it('is a privileged request with a server challenge and the location it registers', () => {
    expect(privilegedRequestTypes).toContain('kiosk-identity');
    const parsed = parseAgentRequest({
      v: 1,
      id: 'k1',
      type: 'kiosk-identity',
      payload: { challenge, locationId: 3 },
    });
    expect(parsed).toEqual({
      ok: true,
      request: { v: 1, id: 'k1', type: 'kiosk-identity', payload: { challenge, locationId: 3 } },
    });
    for (const payload of [
      { challenge: 'short', locationId: 3 },
      { challenge: 'x'.repeat(257), locationId: 3 },
      { challenge: 'has spaces in it, sixteen+', locationId: 3 },
      { challenge, locationId: 0 },
      { challenge },
    ])
      expect(errorCodeOf({ v: 1, id: 'k', type: 'kiosk-identity', payload })).toBe('invalid-payload');
  });

  it('validates the signed reply, which carries a public key and never a secret', () => {
    const result = {
      deviceId: 'd8c1b1c4-3f0b-4a53-9a55-9f6f1c7f0e11',
      name: 'Caja 1',
      algorithm: 'Ed25519',
      publicKey: 'A'.repeat(43),
      challenge,
      locationId: 3,
      signature: 'B'.repeat(86),
    } as const;
    const reply = okReply<'kiosk-identity'>('k1', result);
    expect(parseAgentMessage(reply, () => 'kiosk-identity')).toEqual({ kind: 'reply', reply });
    for (const wrong of [
      { ...result, algorithm: 'HMAC-SHA256' },
      { ...result, publicKey: 'short' },
      { ...result, signature: 'C'.repeat(85) },
    ])
      expect(parseAgentMessage(okReply('k2', wrong as never), () => 'kiosk-identity').kind).toBe('invalid');
    // A reply with a secret parses without it: the schema does not carry one.
    const parsed = parseAgentMessage(
      okReply('k3', { ...result, secret: 's'.repeat(43) } as never),
      () => 'kiosk-identity',
    );
    expect(parsed.kind === 'reply' && parsed.reply.ok && 'secret' in parsed.reply.result).toBe(false);
  });

  it('signs a message bound to the location, the device and the challenge', () => {
    const message = kioskProofMessage({ challenge, deviceId: 'dev-1', locationId: 3 });
    expect(message).toBe(`nine-kiosk-registration-v2\nlocation:3\ndevice:dev-1\nchallenge:${challenge}`);
    expect(kioskProofMessage({ challenge, deviceId: 'dev-2', locationId: 3 })).not.toBe(message);
    expect(kioskProofMessage({ challenge, deviceId: 'dev-1', locationId: 4 })).not.toBe(message);
    expect(kioskProofMessage({ challenge: `${challenge}x`, deviceId: 'dev-1', locationId: 3 })).not.toBe(
      message,
    );
  });
});

describe('printer-status', () => {
  it('carries the state and the cutter error', () => {
    const event = makeEvent('printer-status', {
      printerId: 'counter',
      status: {
        state: 'unknown',
        online: false,
        coverOpen: null,
        paperOut: null,
        paperNearEnd: null,
        cutterError: null,
        error: 'no answer',
      },
    });
    expect(parseAgentMessage(JSON.stringify(event))).toEqual({ kind: 'event', event });
    const payload = event.payload as { status: Record<string, unknown> };
    const { state: _state, ...withoutState } = payload.status;
    expect(
      parseAgentMessage({ ...event, payload: { printerId: 'counter', status: withoutState } }).kind,
    ).toBe('invalid');
  });
});

describe('a job that may have printed', () => {
  const uncertain = {
    jobId: 'job-1',
    printerId: 'usb58',
    status: 'needs-confirmation',
    reason: 'may have printed',
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:05:00.000Z',
  };

  it('is a job state the browser accepts in events and in job-status replies', () => {
    const event = makeEvent('job-status', uncertain as never);
    expect(parseAgentMessage(JSON.stringify(event))).toEqual({ kind: 'event', event });
    const reply = okReply('r1', { job: { ...uncertain, reprints: 1 } } as never);
    expect(parseAgentMessage(reply, () => 'job-status').kind).toBe('reply');
  });

  it('is answered by a privileged resolve-job request: printed or reprint, nothing else', () => {
    expect(privilegedRequestTypes).toContain('resolve-job');
    const request = {
      v: 1,
      id: 'r2',
      type: 'resolve-job',
      payload: { jobId: 'job-1', resolution: 'reprint' },
    };
    expect(parseAgentRequest(request)).toEqual({ ok: true, request });
    expect(errorCodeOf({ ...request, payload: { jobId: 'job-1', resolution: 'printed' } })).toBeUndefined();
    expect(errorCodeOf({ ...request, payload: { jobId: 'job-1', resolution: 'retry' } })).toBe(
      'invalid-payload',
    );
    expect(errorCodeOf({ ...request, payload: { resolution: 'printed' } })).toBe('invalid-payload');
  });
});
