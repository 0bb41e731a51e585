import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../lib/i18n.ts';
import { readAgentSettings } from '../agent-settings.ts';
import type { AgentActorRef } from '../agent-machine.ts';
import { FakeAgentSocket, READY_STATUS } from '../testing/fake-agent-socket.ts';
import { connectTestAgent, createTestAgent, renderWithAgent } from '../testing/render-with-agent.tsx';
import { AgentSettingsSection } from './agent-settings-section.tsx';
import { AgentStatusBadge } from './agent-status-badge.tsx';
import { KioskRegistration, type KioskRegistrationProps } from './kiosk-registration.tsx';

const TOKEN = 'tok-0123456789abcdef0123456789abcdef';
let actor: AgentActorRef;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  await setLanguage('en-US', { persist: false });
  FakeAgentSocket.reset();
});
afterEach(() => {
  actor.stop();
});

// Hidden: an open dialog hides the rest of the page from assistive technology.
const badge = () =>
  within(screen.getByRole('status', { name: 'Counter agent', hidden: true })).getByRole('button', {
    hidden: true,
  });

describe('the header badge', () => {
  it('says the agent is not connected, and the dialog explains and retries', async () => {
    actor = createTestAgent();
    renderWithAgent(actor, <AgentStatusBadge />);
    act(() => actor.send({ type: 'CONNECT' }));
    await waitFor(() => expect(FakeAgentSocket.instances).toHaveLength(1));
    act(() => FakeAgentSocket.latest().fail());
    expect(badge().textContent).toBe('Not connected');

    fireEvent.click(badge());
    const dialog = await screen.findByRole('dialog', { name: 'Counter agent' });
    expect(
      within(dialog).getByText('The back office cannot reach the counter agent at ws://127.0.0.1:17900/ws.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(/^Trying again in \d+ s\.$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again now' }));
    expect(FakeAgentSocket.instances).toHaveLength(2);
    expect(badge().textContent).toBe('Connecting…');
  });

  it('asks for pairing; the dialog takes the six-digit code and shows a refusal', async () => {
    actor = createTestAgent();
    renderWithAgent(actor, <AgentStatusBadge />);
    const socket = await connectTestAgent(actor, false);
    expect(badge().textContent).toBe('Pair the agent');

    fireEvent.click(badge());
    const dialog = await screen.findByRole('dialog', { name: 'Counter agent' });
    const code = within(dialog).getByLabelText('Pairing code');
    const pair = within(dialog).getByRole('button', { name: 'Pair' }) as HTMLButtonElement;
    fireEvent.change(code, { target: { value: '12 34a' } });
    expect((code as HTMLInputElement).value).toBe('1234');
    expect(pair.disabled).toBe(true);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(pair);
    expect(socket.lastRequest('pair').payload).toEqual({ code: '123456' });

    // A code that expired is no dead end: the dialog says where a new one comes from.
    expect(within(dialog).getByText(/^No code, or has it expired\? Open the agent's page/)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: "Open the agent's page (http://127.0.0.1:17900/)" })
        .getAttribute('href'),
    ).toBe('http://127.0.0.1:17900/');

    act(() => socket.replyError('pair', 'pairing-failed', 'wrong pairing code; 3 attempts left'));
    expect(await within(dialog).findByText('That code is not right. Tries left: 3.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Pairing code'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pair' }));
    act(() => socket.reply('pair', { token: TOKEN }));
    expect(await within(dialog).findByText('Paired with nine-agent 0.1.0 (simulated devices).')).toBeTruthy();
    act(() => socket.reply('printer-status', { printers: [{ printerId: 'sim', status: READY_STATUS }] }));
    await waitFor(() => expect(badge().textContent).toBe('Printer ready'));
    expect(within(dialog).getByText(/Simulated printer, 58 mm: Printer ready/)).toBeTruthy();
  });

  it('reports the printer’s problems from status events', async () => {
    actor = createTestAgent(TOKEN);
    renderWithAgent(actor, <AgentStatusBadge />);
    const socket = await connectTestAgent(actor, true);
    await waitFor(() => expect(badge().textContent).toBe('Printer ready'));
    const status = (change: Record<string, unknown>) =>
      act(() =>
        socket.receive({
          v: 1,
          event: 'printer-status',
          payload: { printerId: 'sim', status: { ...READY_STATUS, ...change } },
        }),
      );
    status({ state: 'offline', online: false, paperOut: true });
    expect(badge().textContent).toBe('Printer: paper out');
    status({ state: 'offline', online: false, coverOpen: true });
    expect(badge().textContent).toBe('Printer: cover open');
    status({ paperNearEnd: true });
    expect(badge().textContent).toBe('Printer: paper low');
    status({ state: 'offline', online: false, error: 'unreachable' });
    expect(badge().textContent).toBe('Printer offline');
  });
});

describe('printer and scanner settings', () => {
  it('refuses an address off this PC, and reconnects to a new one', async () => {
    actor = createTestAgent();
    renderWithAgent(actor, <AgentSettingsSection currency="EUR" />);
    const address = screen.getByLabelText('Agent address');
    fireEvent.change(address, { target: { value: 'ws://192.168.1.20:17900/ws' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/Use a ws:\/\/ address on this PC/)).toBeTruthy();

    act(() => actor.send({ type: 'CONNECT' }));
    await waitFor(() => expect(FakeAgentSocket.instances).toHaveLength(1));
    fireEvent.change(address, { target: { value: '3927' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(readAgentSettings().url).toBe('ws://127.0.0.1:3927/ws'));
    await waitFor(() => expect(FakeAgentSocket.latest().url).toBe('ws://127.0.0.1:3927/ws'));
  });

  it('shows the address the server announces until one is chosen, and goes back to it', async () => {
    actor = createTestAgent();
    renderWithAgent(actor, <AgentSettingsSection currency="EUR" announcedPort={18231} />);
    const address = screen.getByLabelText('Agent address') as HTMLInputElement;
    expect(address.value).toBe('ws://127.0.0.1:18231/ws');
    expect(screen.getByText(/^Found automatically: the address the server gives/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use the default address' })).toBeNull();

    act(() => actor.send({ type: 'CONNECT' }));
    await waitFor(() => expect(FakeAgentSocket.instances).toHaveLength(1));
    fireEvent.change(address, { target: { value: '3927' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(readAgentSettings().url).toBe('ws://127.0.0.1:3927/ws'));
    expect(
      screen.getByText('Where the agent listens on this PC. Default: ws://127.0.0.1:18231/ws'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use the default address' }));
    expect(readAgentSettings().url).toBeNull();
    expect(address.value).toBe('ws://127.0.0.1:18231/ws');
    await waitFor(() => expect(FakeAgentSocket.latest().url).toBe('ws://127.0.0.1:18231/ws'));
  });

  it('shows the pairing, lists the agent’s printers, keeps the choices, and forgets the token', async () => {
    actor = createTestAgent(TOKEN);
    const socket = await connectTestAgent(actor, true);
    renderWithAgent(actor, <AgentSettingsSection currency="EUR" />);
    expect(screen.getByText('Paired')).toBeTruthy();
    expect(screen.getByText('nine-agent 0.1.0 (simulated devices)')).toBeTruthy();
    const printer = screen.getByLabelText('Printer') as HTMLSelectElement;
    expect([...printer.options].map((o) => o.textContent)).toEqual(['Simulated printer (58 mm, 32 columns)']);

    fireEvent.change(screen.getByLabelText('Paper width for browser printing'), { target: { value: '80' } });
    expect(readAgentSettings().paperWidthMm).toBe(80);
    fireEvent.change(screen.getByLabelText('Scanner prefix'), { target: { value: '§' } });
    expect(readAgentSettings().scannerPrefix).toBe('§');

    fireEvent.click(screen.getByRole('button', { name: 'Forget' }));
    expect(socket.closed).toBe(true);
    await waitFor(() => expect(FakeAgentSocket.instances).toHaveLength(2));
    act(() => FakeAgentSocket.latest().open());
    expect(FakeAgentSocket.latest().lastRequest('hello').payload.token).toBeUndefined();
  });

  it('test-prints through the agent with accents, codes and the drawer kick when asked', async () => {
    actor = createTestAgent(TOKEN);
    const socket = await connectTestAgent(actor, true);
    renderWithAgent(actor, <AgentSettingsSection currency="EUR" />);
    fireEvent.click(screen.getByLabelText('Open the cash drawer with the test print'));
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Open the cash drawer with the test print') as HTMLInputElement).checked,
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Test print' }));
    const job = socket.lastRequest('print').payload.job as Record<string, unknown> & {
      receipt: { currency: string; header: { title: string }; lines: { detail: string }[]; codes: unknown[] };
    };
    expect(job.openDrawer).toBe(true);
    expect(job.receipt.currency).toBe('EUR');
    expect(job.receipt.header.title).toBe('Test print');
    expect(job.receipt.lines[0]?.detail).toBe('é è ê à ç ñ ¿ ¡ €');
    expect(job.receipt.codes).toHaveLength(2);
  });

  it('shows the last scan from the agent’s scanner', async () => {
    actor = createTestAgent(TOKEN);
    const socket = await connectTestAgent(actor, true);
    renderWithAgent(actor, <AgentSettingsSection currency="USD" />);
    const lastScan = screen.getByRole('status', { name: 'Last scan' });
    expect(lastScan.textContent).toBe('No scan yet. Scan a barcode to try the scanner.');
    act(() =>
      socket.receive({
        v: 1,
        event: 'scan',
        payload: { scannerId: 'sim-scanner', code: 'E2E-4006381333931', at: new Date().toISOString() },
      }),
    );
    expect(lastScan.textContent).toMatch(/^E2E-4006381333931 from Simulated scanner at /);
  });
});

describe('kiosk registration', () => {
  const challenge = {
    challenge_id: 'c0ffee00-0000-4000-8000-000000000001',
    challenge: 'x'.repeat(43),
    location_id: 1,
  };
  const signed = {
    deviceId: 'dev-7f3a',
    name: 'Caja 1',
    algorithm: 'Ed25519',
    publicKey: 'P'.repeat(43),
    challenge: challenge.challenge,
    locationId: 1,
    signature: 'S'.repeat(86),
  };

  /** A paired agent and Harbor Front's registration panel, with these props over idle defaults. */
  async function renderPaired(props: Partial<KioskRegistrationProps>) {
    actor = createTestAgent(TOKEN);
    const socket = await connectTestAgent(actor, true);
    const view = renderWithAgent(
      actor,
      <KioskRegistration
        canRegister
        locationName="Harbor Front"
        requestChallenge={vi.fn()}
        register={vi.fn()}
        {...props}
      />,
    );
    return { socket, view };
  }

  /** Presses Register and waits until the agent is asked to sign the challenge. */
  async function registerUntilSigning(socket: FakeAgentSocket) {
    fireEvent.click(screen.getByRole('button', { name: 'Register this PC as a kiosk' }));
    await waitFor(() => expect(socket.lastRequest('kiosk-identity')).toBeTruthy());
  }

  it('gets a challenge from the server, has the agent sign it, registers the answer, and shows the result', async () => {
    const requestChallenge = vi.fn(async () => challenge);
    const register = vi.fn(async () => ({ location_id: 1, used_in_store: true }));
    const onRegistered = vi.fn();
    const { socket } = await renderPaired({ requestChallenge, register, onRegistered });
    await registerUntilSigning(socket);
    // The agent signs the server's challenge for the server's location; nothing asks it for a secret.
    expect(socket.lastRequest('kiosk-identity').payload).toEqual({
      challenge: challenge.challenge,
      locationId: 1,
    });
    expect(register).not.toHaveBeenCalled();

    act(() => socket.reply('kiosk-identity', signed));
    expect(
      await screen.findByText('Caja 1 (device dev-7f3a) is now the kiosk of Harbor Front.'),
    ).toBeTruthy();
    expect(requestChallenge).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith(signed, challenge);
    expect(onRegistered).toHaveBeenCalledWith(signed, { location_id: 1, used_in_store: true });
  });

  it('refuses an answer the agent signed for another challenge', async () => {
    const register = vi.fn(async () => ({ location_id: 1, used_in_store: true }));
    const { socket } = await renderPaired({ requestChallenge: async () => challenge, register });
    await registerUntilSigning(socket);
    act(() => socket.reply('kiosk-identity', { ...signed, challenge: 'y'.repeat(43) }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The agent could not prove this PC's identity");
    expect(register).not.toHaveBeenCalled();
  });

  it('needs the permission and a paired agent, and shows a failure of either side', async () => {
    actor = createTestAgent();
    const { unmount } = renderWithAgent(
      actor,
      <KioskRegistration
        canRegister={false}
        locationName={null}
        requestChallenge={vi.fn()}
        register={vi.fn()}
        devices={[{ id: 1, device_id: 'dev-1', name: 'Caja 1', revoked_at: null }]}
      />,
    );
    expect(
      (screen.getByRole('button', { name: 'Register this PC as a kiosk' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText(/Your role cannot change the location's settings/)).toBeTruthy();
    expect(screen.queryByText('Kiosks of this location')).toBeNull();
    unmount();
    actor.stop();

    const register = vi.fn(async () => {
      throw new Error('This device is already registered as a kiosk.');
    });
    const { socket, view: second } = await renderPaired({
      requestChallenge: async () => challenge,
      register,
    });
    await registerUntilSigning(socket);
    act(() => socket.reply('kiosk-identity', signed));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The server did not register the kiosk');
    expect(alert.textContent).toContain('This device is already registered as a kiosk.');
    second.unmount();

    // No challenge, no question to the agent.
    renderWithAgent(
      actor,
      <KioskRegistration
        canRegister
        locationName="Harbor Front"
        requestChallenge={async () => {
          throw new Error('You may not do this here.');
        }}
        register={register}
      />,
    );
    const requests = socket.sent.length;
    fireEvent.click(screen.getByRole('button', { name: 'Register this PC as a kiosk' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You may not do this here.');
    expect(socket.sent).toHaveLength(requests);
  });

  it('lists the location’s kiosks and revokes one', async () => {
    const revoke = vi.fn(async () => ({}));
    await renderPaired({
      devices: [
        { id: 4, device_id: 'dev-4', name: 'Caja 1', revoked_at: null },
        { id: 3, device_id: 'dev-3', name: 'Caja vieja', revoked_at: '2030-01-01T00:00:00.000Z' },
      ],
      revoke,
    });
    const list = screen.getByRole('region', { name: 'Kiosks of this location' });
    expect(within(list).getByText('Caja 1 (device dev-4)')).toBeTruthy();
    expect(within(list).getByText('Revoked')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Revoke Caja vieja' })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Revoke Caja 1' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith(4));
  });

  it('says when the kiosk list cannot be loaded, and tries again', async () => {
    const retry = vi.fn();
    await renderPaired({ devicesFailed: true, retryDevices: retry });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The kiosks of this location could not be loaded.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });
});
