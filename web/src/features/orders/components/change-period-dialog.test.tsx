import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromLocalInput, toLocalInput } from '../../../lib/format.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse } from '../../../testing/fake-api.ts';
import type { OrderDetail } from '../api/get-order.ts';
import { orderFixture } from '../testing/order-fixtures.ts';
import { renderOrderView } from '../testing/render-order-view.tsx';

/** The network edge: GETs answer the current order, PUT …/period the scripted replies in turn. */
function serve(initial: OrderDetail, replies: ((body: Record<string, unknown>) => Response)[]) {
  let current = initial;
  const sent: Record<string, unknown>[] = [];
  let gets = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === `/api/nine/rent-orders/${initial.id}`) {
        gets += 1;
        return jsonResponse(200, { data: current });
      }
      if (request.method === 'PUT' && url.pathname === `/api/nine/rent-orders/${initial.id}/period`) {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        const reply = replies.shift()!(body);
        if (reply.status === 200) current = ((await reply.clone().json()) as { data: OrderDetail }).data;
        return reply;
      }
      return jsonResponse(404, { resp_code: 1004, resp_message: 'not found' });
    }),
  );
  return { sent, gets: () => gets };
}

setUpTranslatedSuite();

const openDialog = async () => {
  const actions = await screen.findByRole('region', { name: 'Order actions' });
  fireEvent.click(within(actions).getByRole('button', { name: 'Change period' }));
  return screen.findByRole('dialog', { name: 'Change the period of order #100041' });
};

describe('change period', { timeout: 20_000 }, () => {
  it('sends the new period with the version, then shows the order as the server answers it', async () => {
    const order = orderFixture();
    const finish = '2025-01-17T09:00:00.000Z';
    const api = serve(order, [
      (body) =>
        jsonResponse(200, {
          data: { ...order, version: 4, planned_finish: body.planned_finish, total_minor: 25_000 },
        }),
    ]);
    renderOrderView();
    const dialog = await openDialog();
    const finishField = within(dialog).getByLabelText(/Planned finish/);
    expect((finishField as HTMLInputElement).value).toBe(toLocalInput(order.planned_finish));
    fireEvent.change(finishField, { target: { value: toLocalInput(finish) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent).toEqual([
      {
        planned_start: order.planned_start,
        planned_finish: fromLocalInput(toLocalInput(finish)),
        version: 3,
      },
    ]);
    expect((await screen.findAllByText('$250.00')).length).toBeGreaterThan(0);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    const order = orderFixture();
    serve(order, [
      () =>
        jsonResponse(422, {
          resp_code: 1207,
          resp_message: 'These items are not available for the chosen period: Kayaks',
          data: [{ item_id: 7, product_sku: 'KAY', product_category: 'Kayaks' }],
        }),
    ]);
    renderOrderView();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/Planned finish/), {
      target: { value: toLocalInput('2025-01-18T09:00:00Z') },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/not available/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('refuses a finish before the start without asking the server, and is not offered on a closed order', async () => {
    const order = orderFixture();
    const api = serve(order, []);
    const view = renderOrderView();
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText(/Planned finish/), {
      target: { value: toLocalInput('2025-01-14T09:00:00Z') },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The finish must be after the start.')).toBeTruthy();
    expect(api.sent).toEqual([]);
    view.unmount();

    serve(orderFixture({ status: 'closed', allowed_events: [] }), []);
    renderOrderView();
    await screen.findByRole('region', { name: 'Order actions' });
    expect(screen.queryByRole('button', { name: 'Change period' })).toBeNull();
  });
});
