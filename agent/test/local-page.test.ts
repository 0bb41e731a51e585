import { afterEach, describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGIN,
  connect,
  removeDir,
  startAgent,
  type RunningAgent,
} from './helpers/agent-harness.ts';

// The agent's own page on 127.0.0.1: a person at the counter gets a new pairing code there; no other
// website (not even the back office) can mint one, since a code must come from someone who reads it.
const started: RunningAgent[] = [];
async function start(...args: Parameters<typeof startAgent>) {
  const running = await startAgent(...args);
  started.push(running);
  return running;
}
afterEach(async () => {
  for (const running of started.splice(0)) {
    await running.close();
    await removeDir(running.dataDir);
  }
});

const ownOrigin = (running: RunningAgent) => `http://127.0.0.1:${running.port}`;
/** What the browser sends when the page's button is pressed. */
const pressNewCode = (running: RunningAgent, headers: Record<string, string> = {}) =>
  fetch(`${ownOrigin(running)}/pairing-code`, {
    method: 'POST',
    headers: {
      origin: ownOrigin(running),
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: '',
  });
const shownCode = (html: string) => /data-testid="pairing-code">(\d{6})</.exec(html)?.[1];

describe('the agent page', () => {
  it('shows the agent, its devices and a New pairing code button, but never the code itself', async () => {
    const running = await start();
    const current = running.agent.pairing.currentCode()?.code ?? '';
    const response = await fetch(`${ownOrigin(running)}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    // Under no-referrer a browser posts the form with `Origin: null`, which the guard must refuse.
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    const html = await response.text();
    expect(html).toContain('<h1>Nine counter agent</h1>');
    expect(html).toContain('<li>Simulated 58 mm printer, 58 mm</li>');
    expect(html).toMatch(/A pairing code is active until \d{1,2}:\d\d/);
    expect(html).toContain('<form method="post" action="/pairing-code">');
    expect(html).toContain('<button type="submit">New pairing code</button>');
    expect(html).not.toContain(current);
  });

  it('opens from a link on another site (the back office links it), but shows no code there', async () => {
    const running = await start();
    const response = await fetch(`${ownOrigin(running)}/`, {
      headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('data-testid="pairing-code"');
  });

  it('speaks the browser’s language', async () => {
    const running = await start();
    const html = await (
      await fetch(`${ownOrigin(running)}/`, { headers: { 'accept-language': 'fr-CH,fr;q=0.9,en;q=0.5' } })
    ).text();
    expect(html).toContain('<html lang="fr-FR">');
    expect(html).toContain('<button type="submit">Nouveau code d’appairage</button>');
  });

  it('gives a fresh code that pairs once, replaces the previous one and expires after 5 minutes', async () => {
    let clock = Date.parse('2026-05-01T10:00:00Z');
    const running = await start({ now: () => clock });
    const before = running.agent.pairing.currentCode()?.code;

    const response = await pressNewCode(running);
    expect(response.status).toBe(200);
    const html = await response.text();
    const code = shownCode(html);
    expect(code).toMatch(/^\d{6}$/);
    expect(running.agent.pairing.currentCode()?.code).toBe(code);
    expect(html).toContain('Valid until');
    if (before !== code) {
      const client = await connect(running.wsUrl);
      expect(await client.request('pair', { code: before! })).toMatchObject({ ok: false });
      await client.close();
    }

    const client = await connect(running.wsUrl);
    expect(await client.request('pair', { code: code! })).toMatchObject({ ok: true });
    expect(await client.request('pair', { code: code! })).toMatchObject({
      error: { code: 'pairing-unavailable' },
    });
    await client.close();

    const later = shownCode(await (await pressNewCode(running)).text());
    clock += 5 * 60_000;
    const late = await connect(running.wsUrl);
    expect(await late.request('pair', { code: later! })).toMatchObject({
      error: { code: 'pairing-unavailable' },
    });
    await late.close();
    expect(await (await fetch(`${ownOrigin(running)}/`)).text()).toContain('No pairing code is active.');
  });

  it('refuses a code to any other website, the back office included, and to a POST without Origin', async () => {
    const running = await start();
    const before = running.agent.pairing.currentCode();
    for (const origin of [
      'https://evil.example',
      ALLOWED_ORIGIN,
      'null',
      `http://localhost:${running.port + 1}`,
    ]) {
      const response = await pressNewCode(running, { origin, 'sec-fetch-site': 'cross-site' });
      expect(response.status, origin).toBe(403);
      expect(await response.text()).not.toMatch(/\d{6}/);
    }
    // Same origin claimed, but the browser says the request came from another site.
    expect((await pressNewCode(running, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const noOrigin = await running.agent.app.inject({
      method: 'POST',
      url: '/pairing-code',
      headers: { host: `127.0.0.1:${running.port}` },
    });
    expect(noOrigin.statusCode).toBe(403);
    // DNS rebinding: a foreign host name that resolves to 127.0.0.1, posting to itself.
    const rebinding = await running.agent.app.inject({
      method: 'POST',
      url: '/pairing-code',
      headers: { host: 'attacker.example', origin: 'http://attacker.example' },
    });
    expect(rebinding.statusCode).toBe(403);
    expect(running.agent.pairing.currentCode()).toEqual(before);
  });
});
