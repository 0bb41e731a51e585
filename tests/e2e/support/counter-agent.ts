import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { withPairingCode } from './agent-pairing.ts';

// The simulated agent of the end-to-end world (tests/e2e-server.mjs): its websocket and its spool of printed
// jobs (each job as readable text and as the ESC/POS bytes sent to the printer).
const AGENT_PORT = Number(process.env.E2E_AGENT_PORT ?? 3927);
export const AGENT_URL = `ws://127.0.0.1:${AGENT_PORT}/ws`;
const SPOOL = join(process.env.E2E_AGENT_DATA_DIR ?? '', 'spool');

export const agentBadge = (page: Page) =>
  page.getByRole('status', { name: 'Counter agent' }).getByRole('button');

/**
 * Types the test agent's address on Local settings. The field first shows the built-in address, then the
 * one the server announces, replacing what is there: typing before that arrives could be overwritten in the
 * middle (the field then held the address twice and the agent stayed "Not connected"). The server announces
 * this same agent, so the address is typed once the announced one shows.
 */
export async function enterAgentAddress(page: Page, url = AGENT_URL) {
  const field = page.getByLabel('Agent address');
  await expect(field).toHaveValue(url);
  await field.fill(url);
}

/** Points this browser at the test agent (Local settings) and pairs it with a fresh code from its console. */
export async function pairAgent(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Local' }).click();
  await enterAgentAddress(page);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(agentBadge(page)).toHaveText('Pair the agent');
  await agentBadge(page).click();
  const dialog = page.getByRole('dialog', { name: 'Counter agent' });
  await withPairingCode(async (code) => {
    await dialog.getByLabel('Pairing code').fill(code);
    await dialog.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect(dialog.getByText(/^Paired with nine-agent /)).toBeVisible();
  });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(agentBadge(page)).toHaveText('Printer ready');
}

/** Jobs spooled since `since` (epoch ms): their preview text and their bytes. */
export async function spooledSince(since: number): Promise<{ text: string; bytes: Buffer }[]> {
  const jobs: { text: string; bytes: Buffer }[] = [];
  for (const name of (await readdir(SPOOL)).filter((n) => n.endsWith('.txt'))) {
    const file = join(SPOOL, name);
    if ((await stat(file)).mtimeMs < since) continue;
    jobs.push({ text: await readFile(file, 'utf8'), bytes: await readFile(file.replace(/\.txt$/, '.bin')) });
  }
  return jobs;
}
