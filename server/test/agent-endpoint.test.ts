import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type NineApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// The web app asks where the agent started beside the server listens (AGENT_PORT), before anyone signs in.
let tdb: TestDatabase;
const apps: NineApp['app'][] = [];

async function appWith(env: NodeJS.ProcessEnv): Promise<NineApp['app']> {
  const { app } = await buildApp({
    config: { ...loadConfig(env), webDist: '/nonexistent', outboxDir: '/nonexistent-outbox' },
    db: tdb.db,
    logger: false,
    jobPollingSeconds: 0.5,
  });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await tdb.drop();
});

describe('GET /api/nine/agent-endpoint', () => {
  it('announces the agent port the server was started with, without a session', async () => {
    const app = await appWith({ AGENT_PORT: '18231' });
    const res = await app.inject({ method: 'GET', url: '/api/nine/agent-endpoint' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { port: 18231, url: 'ws://127.0.0.1:18231/ws' } });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers null when no agent port was configured (or 0, any free port)', async () => {
    for (const env of [{}, { AGENT_PORT: '' }, { AGENT_PORT: '0' }]) {
      const app = await appWith(env);
      const res = await app.inject({ method: 'GET', url: '/api/nine/agent-endpoint' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { port: null, url: null } });
    }
  });

  it('refuses to start with an AGENT_PORT that is not a port', () => {
    expect(() => loadConfig({ AGENT_PORT: '70000' })).toThrow(/AGENT_PORT must be a port number/);
    expect(() => loadConfig({ AGENT_PORT: 'abc' })).toThrow(/AGENT_PORT must be a whole number/);
  });
});
