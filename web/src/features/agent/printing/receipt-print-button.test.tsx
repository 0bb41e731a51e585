import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import { setLanguage } from '../../../lib/i18n.ts';
import { DEFAULT_LOCAL_SETTINGS, saveLocalSettings } from '../../../lib/local-settings.ts';
import type { AgentActorRef } from '../agent-machine.ts';
import { FakeAgentSocket } from '../testing/fake-agent-socket.ts';
import { setUpPrintingAgent } from '../testing/printing-agent-suite.ts';
import { connectTestAgent, renderWithAgent } from '../testing/render-with-agent.tsx';
import { BROWSER_PRINT_ROOT_ID } from './browser-print.tsx';
import { ReceiptPrintButton } from './receipt-print-button.tsx';
import { JOB_POLL_MS } from './use-print.ts';

const TOKEN = 'tok-0123456789abcdef0123456789abcdef';

const receipt: ReceiptDocumentInput = {
  locale: 'en-US',
  currency: 'USD',
  header: { title: 'Harbor Front', lines: ['12 Pier Road'] },
  meta: [{ label: 'Order', value: 'S-1042' }],
  lines: [{ description: 'Kayak rental', quantity: 2, unitPrice: 2500, amount: 5000, detail: '2 h' }],
  totals: [{ label: 'Total', amount: 5000, emphasis: true }],
  payments: [{ method: 'Cash', amount: 5000 }],
};

const job = (status: string, extra: Record<string, unknown> = {}) => ({
  jobId: 'job-1',
  printerId: 'sim',
  status,
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:01.000Z',
  ...extra,
});

const agent = setUpPrintingAgent(TOKEN);

/** Renders the button (the receipt opens the drawer or not) and presses it, as the counter clerk does. */
function renderAndPrint(actor: AgentActorRef, openDrawer = false) {
  const view = renderWithAgent(
    actor,
    <ReceiptPrintButton receipt={receipt} openDrawer={openDrawer}>
      Print receipt
    </ReceiptPrintButton>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Print receipt' }));
  return view;
}

function status(): string {
  return screen.getByRole('status').textContent ?? '';
}

describe('ReceiptPrintButton through the agent', () => {
  it('prints silently on the paired printer and follows the job to done', async () => {
    const socket = await connectTestAgent(agent.actor, true);
    renderAndPrint(agent.actor, true);
    const request = socket.lastRequest('print');
    expect(request.payload).toMatchObject({
      printerId: 'sim',
      job: { kind: 'receipt', cut: true, openDrawer: true, receipt: { header: { title: 'Harbor Front' } } },
    });
    expect(request.payload.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(status()).toBe('Sending to Simulated printer…');

    socket.reply('print', { job: job('queued') });
    await waitFor(() => expect(status()).toBe('Queued on Simulated printer.'));
    act(() => socket.receive({ v: 1, event: 'job-status', payload: job('printing') }));
    expect(status()).toBe('Printing on Simulated printer…');
    act(() => socket.receive({ v: 1, event: 'job-status', payload: job('done') }));
    expect(status()).toBe('Printed on Simulated printer.');
    expect(agent.print).not.toHaveBeenCalled();
  });

  it('keeps a job event that overtook the reply', async () => {
    const socket = await connectTestAgent(agent.actor, true);
    renderAndPrint(agent.actor);
    act(() => socket.receive({ v: 1, event: 'job-status', payload: job('done') }));
    socket.reply('print', { job: job('queued') });
    await waitFor(() => expect(status()).toBe('Printed on Simulated printer.'));
  });

  it('says why a job waits, and why it failed', async () => {
    const socket = await connectTestAgent(agent.actor, true);
    renderAndPrint(agent.actor);
    socket.reply('print', { job: job('queued', { reason: 'paper out' }) });
    await waitFor(() => expect(status()).toBe('Waiting for the printer: paper out'));
    act(() =>
      socket.receive({
        v: 1,
        event: 'job-status',
        payload: job('failed', { reason: 'expired after an hour' }),
      }),
    );
    expect(status()).toBe('Printing failed: expired after an hour');
  });

  it('offers the browser when the agent fails, and prints the same receipt there', async () => {
    const socket = await connectTestAgent(agent.actor, true);
    renderAndPrint(agent.actor);
    socket.replyError('print', 'printer-not-found', "no printer 'sim'");
    await waitFor(() =>
      expect(status()).toBe('The chosen printer is gone from the agent. Choose another in Local Settings.'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Print in the browser instead' }));
    await waitFor(() => expect(agent.print).toHaveBeenCalledTimes(1));
    const sheet = document.getElementById(BROWSER_PRINT_ROOT_ID);
    expect(sheet?.textContent).toContain('Harbor Front');
    expect(sheet?.textContent).toContain('Kayak rental');
    expect(status()).toBe("Opened the browser's print dialog.");
  });
});

describe('ReceiptPrintButton when the agent stopped mid-print', () => {
  const MAY_HAVE_PRINTED = 'This receipt may have printed before the agent stopped. Check the printer.';
  const uncertain = (extra: Record<string, unknown> = {}) =>
    job('needs-confirmation', { reason: 'may have printed: the agent stopped while sending it', ...extra });
  const sentOf = (socket: FakeAgentSocket, type: string) =>
    socket.sent.filter((frame) => frame.type === type);

  async function printCutOff() {
    const socket = await connectTestAgent(agent.actor, true);
    renderAndPrint(agent.actor);
    socket.reply('print', { job: job('printing') });
    await waitFor(() => expect(status()).toBe('Printing on Simulated printer…'));
    act(() => socket.receive({ v: 1, event: 'job-status', payload: uncertain() }));
    return socket;
  }

  it('asks the clerk to check the printer, and "It printed" ends it without printing again', async () => {
    const socket = await printCutOff();
    expect(status()).toBe(MAY_HAVE_PRINTED);
    expect(screen.queryByRole('button', { name: 'Print in the browser instead' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'It printed' }));
    expect(socket.lastRequest('resolve-job').payload).toEqual({ jobId: 'job-1', resolution: 'printed' });
    expect((screen.getByRole('button', { name: 'Print again' }) as HTMLButtonElement).disabled).toBe(true);
    socket.reply('resolve-job', { job: job('done') });
    await waitFor(() => expect(status()).toBe('Printed on Simulated printer.'));
    expect(screen.queryByRole('button', { name: 'It printed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print again' })).toBeNull();
    expect(sentOf(socket, 'print')).toHaveLength(1);
    expect(sentOf(socket, 'resolve-job')).toHaveLength(1);
  });

  it('"Print again" re-queues the same job once and follows it to done, ignoring a late stale event', async () => {
    const socket = await printCutOff();
    fireEvent.click(screen.getByRole('button', { name: 'Print again' }));
    expect(socket.lastRequest('resolve-job').payload).toEqual({ jobId: 'job-1', resolution: 'reprint' });
    // The reprint's own events can overtake the reply.
    act(() => socket.receive({ v: 1, event: 'job-status', payload: job('printing', { reprints: 1 }) }));
    socket.reply('resolve-job', { job: job('queued', { reprints: 1 }) });
    await waitFor(() => expect(status()).toBe('Printing on Simulated printer…'));
    expect(screen.queryByRole('button', { name: 'Print again' })).toBeNull();

    act(() => socket.receive({ v: 1, event: 'job-status', payload: uncertain() }));
    expect(status()).toBe('Printing on Simulated printer…');
    act(() => socket.receive({ v: 1, event: 'job-status', payload: job('done', { reprints: 1 }) }));
    expect(status()).toBe('Printed on Simulated printer.');
    expect(sentOf(socket, 'print')).toHaveLength(1);
    expect(sentOf(socket, 'resolve-job')).toHaveLength(1);
  });

  it('learns it from the job-status poll after the agent comes back', async () => {
    const socket = await connectTestAgent(agent.actor, true);
    // Only the poll's interval is faked (waitFor then works off DOM changes).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      renderAndPrint(agent.actor);
      socket.reply('print', { job: job('printing') });
      await waitFor(() => expect(status()).toBe('Printing on Simulated printer…'));
      act(() => vi.advanceTimersByTime(JOB_POLL_MS));
      expect(socket.lastRequest('job-status').payload).toEqual({ jobId: 'job-1' });
      socket.reply('job-status', { job: uncertain() });
      await waitFor(() => expect(status()).toBe(MAY_HAVE_PRINTED));
      expect(screen.getByRole('button', { name: 'It printed' })).toBeTruthy();
      // A person decides now: no more polling.
      const polls = sentOf(socket, 'job-status').length;
      act(() => vi.advanceTimersByTime(JOB_POLL_MS * 3));
      expect(sentOf(socket, 'job-status')).toHaveLength(polls);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the question open when the answer does not reach the agent', async () => {
    const socket = await printCutOff();
    fireEvent.click(screen.getByRole('button', { name: 'Print again' }));
    socket.replyError('resolve-job', 'internal', 'journal write failed');
    await waitFor(() =>
      expect(status()).toBe(`${MAY_HAVE_PRINTED} The agent did not receive the answer. Try again.`),
    );
    expect((screen.getByRole('button', { name: 'Print again' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'It printed' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says it in Spanish and French', async () => {
    await printCutOff();
    await act(() => setLanguage('es-ES', { persist: false }));
    expect(status()).toBe(
      'Puede que este recibo se haya impreso antes de que el agente se detuviera. Revise la impresora.',
    );
    expect(screen.getByRole('button', { name: 'Se imprimió' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimir de nuevo' })).toBeTruthy();
    await act(() => setLanguage('fr-FR', { persist: false }));
    expect(status()).toBe('Ce reçu a peut-être été imprimé avant l’arrêt de l’agent. Vérifiez l’imprimante.');
    expect(screen.getByRole('button', { name: 'Il a été imprimé' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimer à nouveau' })).toBeTruthy();
  });
});

describe('ReceiptPrintButton without a paired agent', () => {
  it('falls back to the browser print dialog with the receipt rendered for a 58 mm roll', async () => {
    await connectTestAgent(agent.actor, false);
    renderAndPrint(agent.actor, true);

    await waitFor(() => expect(agent.print).toHaveBeenCalledTimes(1));
    const root = document.getElementById(BROWSER_PRINT_ROOT_ID);
    expect(root?.querySelector('.nine-receipt')?.getAttribute('data-width')).toBe('58');
    expect(root?.querySelector('style')?.textContent).toContain('@media print');
    expect(root?.textContent).toContain('$50.00');
    // The receipt print mode asked for the counter printer: the clerk is told why the browser opened.
    expect(status()).toBe(
      "The receipt printer is not ready (counter agent not connected or no printer): opened the browser's print dialog instead.",
    );
    expect(FakeAgentSocket.latest().sent.some((frame) => frame.type === 'print')).toBe(false);

    // The sheet leaves the page after printing.
    act(() => window.dispatchEvent(new Event('afterprint')));
    await waitFor(() => expect(document.getElementById(BROWSER_PRINT_ROOT_ID)).toBeNull());
  });

  it('stays disabled without a receipt, and refuses an invalid one with a reason', async () => {
    renderWithAgent(
      agent.actor,
      <>
        <ReceiptPrintButton receipt={null}>Not yet</ReceiptPrintButton>
        <ReceiptPrintButton receipt={{ ...receipt, currency: 'euros' }}>Broken</ReceiptPrintButton>
      </>,
    );
    expect((screen.getByRole('button', { name: 'Not yet' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Broken' }));
    await waitFor(() =>
      expect(screen.getByText('This receipt cannot be printed: an ISO 4217 code')).toBeTruthy(),
    );
    expect(agent.print).not.toHaveBeenCalled();
  });
});

describe('ReceiptPrintButton in the browser print mode', () => {
  it('prints through the browser even with a ready agent, without a notice', async () => {
    saveLocalSettings({ ...DEFAULT_LOCAL_SETTINGS, printMode: 'browser' });
    await connectTestAgent(agent.actor, true);
    renderAndPrint(agent.actor);
    await waitFor(() => expect(agent.print).toHaveBeenCalledTimes(1));
    expect(status()).toBe("Opened the browser's print dialog.");
    expect(FakeAgentSocket.latest().sent.some((frame) => frame.type === 'print')).toBe(false);
  });

  it('still sends the printer’s test page to the agent when asked for the agent', async () => {
    saveLocalSettings({ ...DEFAULT_LOCAL_SETTINGS, printMode: 'browser' });
    const socket = await connectTestAgent(agent.actor, true);
    renderWithAgent(
      agent.actor,
      <ReceiptPrintButton receipt={receipt} via="agent">
        Test page
      </ReceiptPrintButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Test page' }));
    expect(socket.lastRequest('print').payload).toMatchObject({ printerId: 'sim' });
    expect(agent.print).not.toHaveBeenCalled();
  });
});
