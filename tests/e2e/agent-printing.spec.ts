import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { enterAgentAddress } from './support/counter-agent.ts';
import { withPairingCode, withPairingTurn } from './support/agent-pairing.ts';
import { sql } from './support/database.ts';

// The simulated agent of the end-to-end world (tests/e2e-server.mjs): its websocket, its loopback control
// port (pairing codes, simulated scans) and its spool of printed jobs.
const AGENT_PORT = Number(process.env.E2E_AGENT_PORT ?? 3927);
const AGENT_URL = `ws://127.0.0.1:${AGENT_PORT}/ws`;
const CONTROL = `http://127.0.0.1:${AGENT_PORT + 1}`;
const SPOOL = join(process.env.E2E_AGENT_DATA_DIR ?? '', 'spool');
const PASSWORD = 'Nine-demo-1';

// One pairing code is active at a time: these tests take turns.
test.describe.configure({ mode: 'serial' });

async function signIn(page: Page, email: string) {
  await page.goto('/nine/auth/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const badge = (page: Page) => page.getByRole('status', { name: 'Counter agent' }).getByRole('button');

/** Points this browser at the test agent from Local Settings. */
async function useTestAgent(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Local' }).click();
  await expect(page).toHaveURL(/\/nine\/local-settings$/);
  await enterAgentAddress(page, AGENT_URL);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(badge(page)).toHaveText('Pair the agent');
}

/** Spool previews written since `since`, newest first. */
async function spooledSince(since: number): Promise<{ id: string; text: string }[]> {
  const names = (await readdir(SPOOL)).filter((name) => name.endsWith('.txt'));
  const recent: { id: string; text: string; at: number }[] = [];
  for (const name of names) {
    const { mtimeMs } = await stat(join(SPOOL, name));
    if (mtimeMs >= since) {
      recent.push({
        id: name.slice(0, -'.txt'.length),
        text: await readFile(join(SPOOL, name), 'utf8'),
        at: mtimeMs,
      });
    }
  }
  return recent.sort((a, b) => b.at - a.at);
}

test.describe('the counter agent', () => {
  test('pairs with the code from the agent, prints today’s summary silently and the bytes reach the spool', async ({
    page,
  }) => {
    await signIn(page, 'sam@nine.test');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await useTestAgent(page);

    await badge(page).click();
    const dialog = page.getByRole('dialog', { name: 'Counter agent' });
    await expect(
      dialog.getByText('Type the 6-digit pairing code the agent shows on its console.'),
    ).toBeVisible();
    await withPairingCode(async (code) => {
      await dialog.getByLabel('Pairing code').fill(code);
      await dialog.getByRole('button', { name: 'Pair', exact: true }).click();
      await expect(dialog.getByText(/^Paired with nine-agent .+ \(simulated devices\)\.$/)).toBeVisible();
    });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(badge(page)).toHaveText('Printer ready');
    await expect(page.getByText('Paired', { exact: true })).toBeVisible();

    // The token is kept (encrypted) on this PC: after a reload the hello pairs again without a code.
    await page.reload();
    await expect(badge(page)).toHaveText('Printer ready');

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page.getByRole('region', { name: 'Payments today' }).getByText(/\$\d/)).toBeVisible();
    const printedFrom = Date.now() - 1000;
    await page.getByRole('button', { name: "Print today's summary" }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Printed on / })).toBeVisible();

    let job: { id: string; text: string } | undefined;
    await expect
      .poll(async () => {
        job = (await spooledSince(printedFrom)).find((entry) => entry.text.includes("Today's summary"));
        return job !== undefined;
      })
      .toBe(true);
    const preview = job!.text;
    // Real figures: the location, who printed it, and the payments total in dollars.
    expect(preview).toContain('Harbor Front');
    expect(preview).toContain('Sam Carter');
    expect(preview).toMatch(/Departures today:\s+\d+/);
    expect(preview).toMatch(/Payments today\s+-?\$[\d,]+\.\d\d/);
    const bytes = await readFile(join(SPOOL, `${job!.id}.bin`));
    // ESC @ starts the job; GS V cuts the paper at its end.
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect(bytes.includes(Buffer.from([0x1d, 0x56]))).toBe(true);
  });

  test('finds the agent the server announces and pairs with a new code from the agent’s own page', async ({
    page,
    context,
  }) => {
    // No address typed anywhere: the server was started with the agent's port and tells the app.
    await signIn(page, 'sam@nine.test');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(badge(page)).toHaveText('Pair the agent');
    await badge(page).click();
    const dialog = page.getByRole('dialog', { name: 'Counter agent' });
    await expect(dialog.getByText(/^No code, or has it expired\? Open the agent's page/)).toBeVisible();

    await withPairingTurn(async () => {
      // The start-up code is long gone: the clerk opens the agent's page from the dialog and asks for one.
      const [agentPage] = await Promise.all([
        context.waitForEvent('page'),
        dialog.getByRole('link', { name: `Open the agent's page (http://127.0.0.1:${AGENT_PORT}/)` }).click(),
      ]);
      await expect(agentPage.getByRole('heading', { name: 'Nine counter agent', level: 1 })).toBeVisible();
      await agentPage.getByRole('button', { name: 'New pairing code' }).click();
      const shown = agentPage.getByRole('status', { name: 'Pairing code' });
      await expect(shown).toContainText(/Valid until .+, once\./);
      const code = (await agentPage.getByTestId('pairing-code').textContent()) ?? '';
      expect(code).toMatch(/^\d{6}$/);
      await agentPage.close();

      await dialog.getByLabel('Pairing code').fill(code);
      await dialog.getByRole('button', { name: 'Pair', exact: true }).click();
      await expect(dialog.getByText(/^Paired with nine-agent .+ \(simulated devices\)\.$/)).toBeVisible();
      // The code was used up. Another page (the back office itself here) cannot mint the next one: the
      // agent takes that request only from its own page. Still our turn, so no other spec made a code.
      await page.evaluate(async (agent) => {
        await fetch(`${agent}/pairing-code`, { method: 'POST', mode: 'no-cors' }).catch(() => undefined);
      }, `http://127.0.0.1:${AGENT_PORT}`);
      expect((await fetch(`${CONTROL}/simulate/pairing-code`)).status).toBe(404);
    });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(badge(page)).toHaveText('Printer ready');
  });

  /**
   * A scanner types 10 ms apart. Playwright's own typing is paced by the test machine's load, so the
   * real (trusted) key events go through the DevTools protocol with a scanner's timestamps, all sent at
   * once: awaiting each one let a loaded machine leave the page more than the wedge listener's settle
   * time between two keys, which no scanner does, and the first digit was taken for typing.
   */
  async function typeLikeAScanner(page: Page, code: string) {
    const cdp = await page.context().newCDPSession(page);
    const start = Date.now() / 1000;
    const keys = [...code].map((ch) => ({
      key: ch,
      code: /\d/.test(ch) ? `Digit${ch}` : `Key${ch.toUpperCase()}`,
      text: ch,
    }));
    keys.push({ key: 'Enter', code: 'Enter', text: '\r' });
    // One session handles its commands in order, so the keys arrive in order.
    await Promise.all(
      keys.flatMap((k, i) => {
        const timestamp = start + i * 0.01;
        const vk = k.key === 'Enter' ? 13 : k.key.toUpperCase().charCodeAt(0);
        return [
          cdp.send('Input.dispatchKeyEvent', {
            type: 'keyDown',
            key: k.key,
            code: k.code,
            text: k.text,
            windowsVirtualKeyCode: vk,
            timestamp,
          }),
          cdp.send('Input.dispatchKeyEvent', {
            type: 'keyUp',
            key: k.key,
            code: k.code,
            windowsVirtualKeyCode: vk,
            timestamp: timestamp + 0.004,
          }),
        ];
      }),
    );
    await cdp.detach();
  }

  test('a scan on the agent’s scanner arrives in the page, and a keyboard scanner never types into a field', async ({
    page,
  }) => {
    await signIn(page, 'sam@nine.test');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await useTestAgent(page);
    // Pairing from the settings screen this time.
    await withPairingCode(async (code) => {
      await page.getByLabel('Pairing code').fill(code);
      await page.getByRole('button', { name: 'Pair', exact: true }).click();
      await expect(badge(page)).toHaveText('Printer ready');
    });

    const lastScan = page.getByRole('status', { name: 'Last scan' });
    await expect(lastScan).toHaveText('No scan yet. Scan a barcode to try the scanner.');
    const code = `E2E-${Date.now()}`;
    const response = await fetch(`${CONTROL}/simulate/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(response.ok).toBe(true);
    await expect(lastScan).toContainText(`${code} from Simulated`);

    // A keyboard-wedge scanner types fast and ends with Enter: the code is read, the field keeps its text.
    const address = page.getByLabel('Agent address');
    await address.click();
    await typeLikeAScanner(page, '4006381333931');
    await expect(lastScan).toContainText('4006381333931 from a keyboard scanner');
    await expect(address).toHaveValue(AGENT_URL);
  });

  test('registers this PC as the location’s kiosk with the agent’s identity', async ({ page }) => {
    const [before] = await sql<{ used_in_store: boolean }>(
      `SELECT g.used_in_store FROM general_settings g JOIN locations l ON l.id = g.location_id WHERE l.name = 'Harbor Front'`,
    );
    try {
      await signIn(page, 'admin@nine.test');
      await page
        .getByRole('alertdialog', { name: 'Choose a location' })
        .getByRole('button', { name: 'Harbor Front' })
        .click();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await useTestAgent(page);
      await withPairingCode(async (code) => {
        await page.getByLabel('Pairing code').fill(code);
        await page.getByRole('button', { name: 'Pair', exact: true }).click();
        await expect(badge(page)).toHaveText('Printer ready');
      });

      await page.getByRole('button', { name: 'Register this PC as a kiosk' }).click();
      // Registered, this device turns kiosk mode on and shows only the kiosk screen from then on.
      await expect(page).toHaveURL(/\/nine\/kiosk$/);
      const [after] = await sql<{ used_in_store: boolean }>(
        `SELECT g.used_in_store FROM general_settings g JOIN locations l ON l.id = g.location_id WHERE l.name = 'Harbor Front'`,
      );
      expect(after?.used_in_store).toBe(true);
      // The server verified the agent's proof and keeps this PC as the location's kiosk.
      const kiosks = await sql<{ location: string; revoked: boolean }>(
        `SELECT l.name AS location, k.revoked_at IS NOT NULL AS revoked FROM kiosk_devices k JOIN locations l ON l.id = k.location_id`,
      );
      expect(kiosks).toEqual([{ location: 'Harbor Front', revoked: false }]);
      await expect(page.getByRole('button', { name: 'Leave kiosk mode' })).toBeVisible();
    } finally {
      await sql(
        `UPDATE general_settings SET used_in_store = $1 WHERE location_id = (SELECT id FROM locations WHERE name = 'Harbor Front')`,
        [before?.used_in_store ?? false],
      );
    }
  });
});
