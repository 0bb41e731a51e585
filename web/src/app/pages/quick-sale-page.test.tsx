import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ReceiptDocumentInput } from '@nine/shared/receipt';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { BROWSER_PRINT_ROOT_ID } from '../../features/agent/printing/browser-print.tsx';
import { FakeAgentSocket } from '../../features/agent/testing/fake-agent-socket.ts';
import { setUpPrintingAgent } from '../../features/agent/testing/printing-agent-suite.ts';
import { connectTestAgent, renderWithAgent } from '../../features/agent/testing/render-with-agent.tsx';
import type { OrderDetail } from '../../features/orders/api/get-order.ts';
import { orderFixture } from '../../features/orders/testing/order-fixtures.ts';
import { DEFAULT_LOCAL_SETTINGS, saveLocalSettings } from '../../lib/local-settings.ts';
import { SaleReceipt } from './quick-sale-page.tsx';

const TOKEN = 'tok-0123456789abcdef0123456789abcdef';

const sale: OrderDetail = orderFixture({ id: 77, number: 200077, type: 'sale', status: 'open' });
const payment: PaymentView = {
  id: 5,
  order_id: 77,
  order_number: 200077,
  order_type: 'sale',
  invoice_id: null,
  method: 'cash',
  amount_minor: 900,
  tendered_minor: 1000,
  change_minor: 100,
  refunded_minor: 0,
  reference: null,
  created_at: '2026-03-02T09:00:00.000Z',
  created_by: null,
  customer: null,
  register: null,
  order_total_minor: 900,
  order_paid_minor: 900,
  order_balance_minor: 0,
  order_status: 'closed',
};

/** Stands for the order receipt builder: what matters here is where the receipt goes. */
const build = (order: OrderDetail, paid: PaymentView | null): ReceiptDocumentInput => ({
  locale: 'en-US',
  currency: 'USD',
  header: { title: 'Old Town', lines: [] },
  meta: [{ label: 'Order', value: `#${order.number}` }],
  lines: [{ description: 'Surf wax', quantity: 2, unitPrice: 450, amount: 900 }],
  totals: [{ label: 'Total', amount: 900, emphasis: true }],
  payments: paid === null ? [] : [{ method: 'Cash', amount: paid.amount_minor }],
});

/** The receipt under a sale whose cash is taken by pressing "Pay". */
function PaidLater() {
  const [paid, setPaid] = useState<PaymentView | null>(null);
  return (
    <>
      <button type="button" onClick={() => setPaid(payment)}>
        Pay
      </button>
      <SaleReceipt sale={sale} payment={paid} build={build} />
    </>
  );
}

const agent = setUpPrintingAgent(TOKEN);

const printJobs = (socket: FakeAgentSocket) => socket.sent.filter((frame) => frame.type === 'print');

describe('quick sale receipt', () => {
  it('prints the receipt silently through the paired agent once paid, with a drawer kick, never the A4 page', async () => {
    const socket = await connectTestAgent(agent.actor, true);
    renderWithAgent(agent.actor, <PaidLater />);
    expect(printJobs(socket)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(printJobs(socket)).toHaveLength(1));
    expect(socket.lastRequest('print').payload).toMatchObject({
      printerId: 'sim',
      job: {
        kind: 'receipt',
        openDrawer: true,
        receipt: { meta: [{ label: 'Order', value: '#200077' }], payments: [{ method: 'Cash' }] },
      },
    });
    socket.reply('print', {
      job: {
        jobId: 'job-1',
        printerId: 'sim',
        status: 'done',
        createdAt: '2026-03-02T09:00:00.000Z',
        updatedAt: '2026-03-02T09:00:01.000Z',
      },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Printed on Simulated printer.'));
    // Printing again goes the same way; no link leads to an order print page.
    fireEvent.click(screen.getByRole('button', { name: 'Print the receipt again' }));
    await waitFor(() => expect(printJobs(socket)).toHaveLength(2));
    expect(screen.queryByRole('link')).toBeNull();
    expect(agent.print).not.toHaveBeenCalled();
  });

  it('in the browser print mode prints the receipt-width sheet through the browser on demand, agent or not', async () => {
    saveLocalSettings({ ...DEFAULT_LOCAL_SETTINGS, printMode: 'browser' });
    await connectTestAgent(agent.actor, true);
    renderWithAgent(agent.actor, <SaleReceipt sale={sale} payment={payment} build={build} />);
    // Nothing pops up unasked.
    expect(agent.print).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Print the receipt' }));
    await waitFor(() => expect(agent.print).toHaveBeenCalledTimes(1));
    const sheet = document.getElementById(BROWSER_PRINT_ROOT_ID);
    expect(sheet?.querySelector('.nine-receipt')?.getAttribute('data-width')).toBe('58');
    expect(sheet?.textContent).toContain('#200077');
    expect(FakeAgentSocket.latest().sent.some((frame) => frame.type === 'print')).toBe(false);
  });

  it('in the receipt print mode without a ready agent prints through the browser by itself and says so', async () => {
    await connectTestAgent(agent.actor, false);
    renderWithAgent(agent.actor, <SaleReceipt sale={sale} payment={payment} build={build} />);
    await waitFor(() => expect(agent.print).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status').textContent).toMatch(/^The receipt printer is not ready/);
    expect(FakeAgentSocket.latest().sent.some((frame) => frame.type === 'print')).toBe(false);
  });
});
