import { describe, expect, it } from 'vitest';
import {
  canTryPrinting,
  dleEot,
  isStatusByte,
  parseDleEotStatus,
  queryDleEotStatus,
} from '../src/devices/printer-status.ts';

describe('DLE EOT status', () => {
  it('encodes the queries', () => {
    expect([...dleEot(1)]).toEqual([0x10, 0x04, 0x01]);
    expect([...dleEot(4)]).toEqual([0x10, 0x04, 0x04]);
  });

  it('recognises status bytes by their fixed bits', () => {
    expect(isStatusByte(0x12)).toBe(true);
    expect(isStatusByte(0x7e)).toBe(true);
    expect(isStatusByte(0x00)).toBe(false);
    expect(isStatusByte(0x41)).toBe(false);
    expect(isStatusByte(0x92)).toBe(false);
  });

  it('parses each condition', () => {
    expect(
      parseDleEotStatus({ printer: 0x12, offlineCause: 0x12, errorCause: 0x12, paperSensor: 0x12 }),
    ).toMatchObject({
      state: 'ready',
      online: true,
    });
    expect(
      parseDleEotStatus({ printer: 0x1a, offlineCause: 0x12, errorCause: 0x12, paperSensor: 0x12 }),
    ).toMatchObject({
      state: 'offline',
      error: 'printer offline',
    });
    expect(parseDleEotStatus({ printer: 0x1a, offlineCause: 0x16 })).toMatchObject({
      coverOpen: true,
      paperOut: false,
      paperNearEnd: null,
      cutterError: null,
      error: 'cover open',
    });
    // Paper end from the roll sensor, or from the offline cause when n=4 is not answered.
    expect(
      parseDleEotStatus({ printer: 0x1a, offlineCause: 0x32, errorCause: 0x12, paperSensor: 0x72 }),
    ).toMatchObject({
      paperOut: true,
      paperNearEnd: false,
    });
    expect(parseDleEotStatus({ printer: 0x1a, offlineCause: 0x32 })).toMatchObject({
      paperOut: true,
      error: 'paper out',
    });
    expect(parseDleEotStatus({ printer: 0x1a, offlineCause: 0x52, errorCause: 0x3a })).toMatchObject({
      cutterError: true,
      error: 'cutter error, printer error',
    });
    expect(parseDleEotStatus({})).toMatchObject({ state: 'unknown', online: false });
  });

  it('decides whether a retry is worth it', () => {
    expect(canTryPrinting(parseDleEotStatus({ printer: 0x12 }))).toBe(true);
    expect(canTryPrinting(parseDleEotStatus({}))).toBe(true);
    expect(canTryPrinting(parseDleEotStatus({ printer: 0x1a }))).toBe(false);
  });

  it('skips stray bytes and asks one query at a time', async () => {
    const sent: number[] = [];
    const inbox: number[] = [];
    const answers: Record<number, number[]> = { 1: [0x41, 0x12], 2: [0x12], 3: [0x12], 4: [0x1e] };
    const status = await queryDleEotStatus(
      {
        async write(bytes) {
          sent.push(bytes[2] ?? 0);
          inbox.push(...(answers[bytes[2] ?? 0] ?? []));
        },
        async readByte() {
          return inbox.shift();
        },
      },
      50,
    );
    expect(sent).toEqual([1, 2, 3, 4]);
    expect(status).toMatchObject({ state: 'ready', paperNearEnd: true });
  });
});
