import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerResponseContracts, type ResponseContractMode } from '../src/plugins/response-contracts.ts';

/** A bare app answering GET /api/health (whose contract is { status, database, version }) with `data`. */
async function appAnswering(mode: ResponseContractMode, data: unknown) {
  const app = Fastify({ logger: false });
  registerResponseContracts(app, mode);
  app.get('/api/health', async () => ({ data }));
  // A route without a contract is left alone.
  app.get('/api/unlisted', async () => ({ data: { anything: true } }));
  await app.ready();
  return app;
}

describe('response contracts', () => {
  it('lets an answer that keeps its contract through, as the handler built it', async () => {
    const app = await appAnswering('enforce', {
      status: 'ok',
      database: 'up',
      version: '1.0.0',
      at: new Date('2026-11-24T10:00:00Z'),
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // Checked, not stripped: a field the schema does not name still reaches the client.
    expect(res.json()).toEqual({
      data: { status: 'ok', database: 'up', version: '1.0.0', at: '2026-11-24T10:00:00.000Z' },
    });
    await app.close();
  });

  it('fails an answer that breaks its contract when enforcing, and answers it when only logging', async () => {
    const wrong = { status: 'fine', database: 'up' };
    const strict = await appAnswering('enforce', wrong);
    const refused = await strict.inject({ method: 'GET', url: '/api/health' });
    expect(refused.statusCode).toBe(500);
    expect((await strict.inject({ method: 'GET', url: '/api/unlisted' })).statusCode).toBe(200);
    await strict.close();

    const lenient = await appAnswering('log', wrong);
    const answered = await lenient.inject({ method: 'GET', url: '/api/health' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ data: wrong });
    await lenient.close();
  });
});
