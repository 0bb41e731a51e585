import { expect, test } from '@playwright/test';
import { pairAgent, spooledSince } from './support/counter-agent.ts';
import { sql } from './support/database.ts';
import { signIn } from './support/sign-in.ts';
import { createSpecUser, DEMO_PASSWORD } from './support/staff-user.ts';

// Our own cashier at Lake Side (a copy of Jon Park, with refunds granted), so no other spec sees our orders.
const EMAIL = 'pay-e2e@nine.test';
const ROLE = 'Pay e2e cashier';

let order: { id: number; number: number; total_minor: number };

/** Money as the screens show it in en-US with the demo's $ symbol. */
const usd = (minor: number) =>
  `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  await sql(`DELETE FROM users WHERE email = $1`, [EMAIL]);
  await sql(`DELETE FROM roles WHERE title = $1`, [ROLE]);
  const [role] = await sql<{ id: number }>(`INSERT INTO roles (title) VALUES ($1) RETURNING id`, [ROLE]);
  await sql(
    `INSERT INTO role_permissions (role_id, resource, action)
     SELECT $1, r, a FROM unnest($2::text[], $3::text[]) AS t(r, a)`,
    [
      role!.id,
      ['rent_order', 'sell_order', 'customer', 'financial_transaction', 'financial_transaction'],
      ['manage', 'manage', 'manage', 'change', 'refund'],
    ],
  );
  await createSpecUser({ email: EMAIL, name: 'Pat Payton', copyFrom: 'jon@nine.test', role: role!.id });

  // A sale above the refund level L2, so refunding its card part needs a manager's access key.
  const [policy] = await sql<{ l2: number }>(`SELECT refund_level2_minor::int AS l2 FROM access_policy`);
  const [product] = await sql<{ id: number; price: number; location_id: number }>(
    `SELECT p.id, p.price_minor::int AS price, s.location_id FROM products p
       JOIN stock_levels s ON s.product_id = p.id JOIN locations l ON l.id = s.location_id
     WHERE l.code = 'LAKE' AND p.kind = 'sale' AND p.active AND NOT p.is_serialized AND p.price_minor > 0
       AND s.quantity * p.price_minor > $1 * 2
     ORDER BY p.price_minor DESC LIMIT 1`,
    [policy!.l2],
  );
  expect(product, 'a sale product at Lake Side worth more than twice L2 in stock').toBeDefined();
  const quantity = Math.ceil((policy!.l2 * 1.5) / product!.price);
  // Lake Side's register starts closed, whatever ran before.
  await sql(
    `UPDATE register_sessions SET closed_at = now(), closed_by = opened_by, expected_minor = 0, counted_minor = 0, difference_minor = 0
     WHERE closed_at IS NULL AND cash_register_id = (SELECT g.current_cash_register FROM general_settings g
       JOIN locations l ON l.id = g.location_id WHERE l.code = 'LAKE')`,
  );

  const base = testInfo.project.use.baseURL!;
  const login = await fetch(`${base}/api/nine/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: DEMO_PASSWORD }),
  });
  expect(login.ok, await login.clone().text()).toBe(true);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await fetch(`${base}/api/nine/sale-orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'location-id': String(product!.location_id),
    },
    body: JSON.stringify({ items: [{ product_id: product!.id, quantity }] }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  order = ((await created.json()) as { data: typeof order }).data;
});

test('pays an order part in cash and part by card, prints the receipt, refunds above L2 with a manager’s key', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, EMAIL);
  await pairAgent(page);

  // Open the counter's register with a float (reached from the dashboard: the menu has no entry for it).
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'Cash registers' }).click();
  await expect(page.getByRole('heading', { name: 'Cash registers', level: 1 })).toBeVisible();
  const register = page.getByRole('region', { name: 'Front desk' });
  await register.getByRole('textbox', { name: 'Opening float' }).fill('50');
  await register.getByRole('button', { name: 'Open register' }).click();
  await expect(register.getByText('Expected in drawer')).toBeVisible();
  await expect(register.getByText('$50.00').first()).toBeVisible();

  await page.goto(`/nine/sale-orders/${order.id}`);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByText(`Balance: ${usd(order.total_minor)}`)).toBeVisible();

  // Part cash (with change to give back), part card: one dialog, two payments.
  const since = Date.now() - 1000;
  await payments.getByRole('button', { name: 'Take payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take payment' });
  await expect(dialog.getByText(`Amount due: ${usd(order.total_minor)}`)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('100.00');
  await dialog.getByRole('textbox', { name: 'Cash received' }).fill('120');
  await expect(dialog.getByText('Change due: $20.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Split: add another method' }).click();
  const card = order.total_minor - 10000;
  await expect(dialog.getByRole('textbox', { name: 'Amount' }).nth(1)).toHaveValue((card / 100).toFixed(2));
  await dialog.getByRole('textbox', { name: /Card last 4 or reference/ }).fill('4242');
  await dialog.getByRole('button', { name: `Take ${usd(order.total_minor)}` }).click();

  await expect(dialog.getByText(`Paid ${usd(order.total_minor)}.`)).toBeVisible();
  await expect(dialog.getByText('Balance now: $0.00')).toBeVisible();
  // Cash went in: the drawer opened through the agent.
  await expect(dialog.getByRole('status').filter({ hasText: 'Cash drawer opened.' })).toBeVisible();
  const [cashPaymentId] = await sql<{ id: number }>(
    `SELECT id FROM payments WHERE order_id = $1 AND method = 'cash'`,
    [order.id],
  );
  await dialog.getByRole('button', { name: `Print payment #${cashPaymentId!.id}` }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /^Printed on / })).toBeVisible();
  await dialog.getByRole('button', { name: 'Change of $20.00 returned' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(payments.getByText('Balance: $0.00')).toBeVisible();
  await expect(payments.getByText(`Paid: ${usd(order.total_minor)}`)).toBeVisible();

  // The spool holds the drawer kick and the receipt with the payment's figures.
  let jobs: { text: string; bytes: Buffer }[] = [];
  await expect
    .poll(async () => {
      jobs = await spooledSince(since);
      return jobs.some((j) => j.text.includes(`#${cashPaymentId!.id}`));
    })
    .toBe(true);
  const kick = jobs.find((j) => j.text.includes('[DRAWER KICK]'));
  expect(kick, 'a drawer kick job').toBeDefined();
  expect(kick!.bytes.includes(Buffer.from([0x1b, 0x70]))).toBe(true);
  const receipt = jobs.find((j) => j.text.includes(`#${cashPaymentId!.id}`))!.text;
  expect(receipt).toContain(`#${order.number}`);
  expect(receipt).toMatch(/Cash\s+\$100\.00/);
  expect(receipt).toMatch(/Cash received\s+\$120\.00/);
  expect(receipt).toMatch(/Change\s+\$20\.00/);
  expect(receipt).toContain('Pat Payton');

  // 'Print Payment' prints silently through the paired agent on opening.
  const [cardPaymentId] = await sql<{ id: number }>(
    `SELECT id FROM payments WHERE order_id = $1 AND method = 'card'`,
    [order.id],
  );
  const printedFrom = Date.now() - 1000;
  await page.goto(`/nine/payments/${cardPaymentId!.id}/print`);
  await expect(page.getByRole('heading', { name: `Payment #${cardPaymentId!.id}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Printed on / })).toBeVisible();
  await expect
    .poll(async () =>
      (await spooledSince(printedFrom)).some(
        (j) => /Card\s+\$[\d,]+\.\d\d/.test(j.text) && j.text.includes('4242'),
      ),
    )
    .toBe(true);
  await page.getByRole('link', { name: 'Back to the order' }).click();

  // Refund the whole card part: above L2, a refund approver is not enough, the manager's key is.
  await expect(page).toHaveURL(new RegExp(`/nine/sale-orders/${order.id}$`));
  await payments.getByRole('button', { name: `Refund Card ${usd(card)}` }).click();
  const refund = page.getByRole('dialog', { name: `Refund Card payment of ${usd(card)}` });
  await expect(refund.getByRole('textbox', { name: /Refund amount/ })).toHaveValue((card / 100).toFixed(2));
  await refund.getByRole('textbox', { name: /Reason/ }).fill('Customer changed their mind');
  await expect(refund.getByText(/a refund needs a manager's access key\.$/)).toBeVisible();
  await refund.getByLabel(/Approver's access key/).fill('0000');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.getByRole('alert')).toBeVisible();
  await expect(refund.getByLabel(/Approver's access key/)).toHaveValue('');
  await refund.getByLabel(/Approver's access key/).fill('1234');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.getByText(`Refunded ${usd(card)} as Card.`)).toBeVisible();
  await expect(refund.getByText(`Balance now: ${usd(card)}`)).toBeVisible();
  await refund.getByRole('button', { name: 'Done' }).click();
  await expect(payments.getByText(`Balance: ${usd(card)}`)).toBeVisible();
  const [approved] = await sql<{ email: string }>(
    `SELECT u.email FROM refunds r JOIN users u ON u.id = r.approved_by WHERE r.payment_id = $1`,
    [cardPaymentId!.id],
  );
  expect(approved!.email).toBe('admin@nine.test');

  // The drawer expects the float and the cash taken; closing records what was counted and the difference.
  await page.goto('/nine/cash-registers');
  await expect(register.getByText('$150.00')).toBeVisible();
  await register.getByRole('combobox', { name: 'Action' }).selectOption('close');
  await expect(register.getByRole('textbox', { name: 'Counted cash' })).toHaveValue('150.00');
  await register.getByRole('textbox', { name: 'Counted cash' }).fill('149');
  await expect(register.getByText('Difference: -$1.00')).toBeVisible();
  await register.getByRole('button', { name: 'Close register' }).click();
  await expect(
    register.getByText('Closed: expected $150.00, counted $149.00, difference -$1.00.'),
  ).toBeVisible();

  // The sale invoice list shows the same balance.
  await page.goto(`/nine/invoices/sale?search=${order.number}`);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: usd(card) })
      .first(),
  ).toBeVisible();
});
