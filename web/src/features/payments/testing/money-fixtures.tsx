import { vi } from 'vitest';
import type { CashRegisterState, OrderMoney, PaymentRules } from '@nine/shared/schemas/payments';
import { json } from '../../../testing/fake-fetch.ts';
import { notFoundResponse } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { OrderMoneyPanels, type OrderMoneyPanelsProps } from '../components/order-money-panels.tsx';

/*
 * The payments feature's test fixtures: an order's money as the server answers it, the money endpoints
 * stubbed at fetch(), and a register that is closed until it is opened.
 */

/** Every payments test file: i18next loaded once, fetch() unstubbed after each test. */
export const setUpMoneyTests = setUpTranslatedSuite;

/** Dollars as the tests' format(): 1250 → "$12.50". */
export const usd = (minor: number) => `$${(minor / 100).toFixed(2)}`;

/** A location's payment rules: staff may key cards, no external payments, refund levels at 10.00 and 50.00. */
export const paymentRules = (rules: Partial<PaymentRules> = {}): PaymentRules => ({
  allow_staff_credit_card_entry: true,
  accept_external_payments: false,
  has_pay_and_balance_forward: false,
  confirm_change_return: true,
  process_external_refunds: false,
  refund_level1_minor: 1000,
  refund_level2_minor: 5000,
  multi_register: false,
  current_cash_register: null,
  ...rules,
});

type OrderFigures =
  'order_id' | 'order_type' | 'order_version' | 'order_status' | 'total_minor' | 'paid_minor';

/** An order's money: no deposit, credit, refunds or movements unless given; the balance is what is unpaid. */
export const orderMoney = (money: Pick<OrderMoney, OrderFigures> & Partial<OrderMoney>): OrderMoney => ({
  balance_minor: money.total_minor - money.paid_minor,
  deposit_required_minor: 0,
  deposit_held_minor: 0,
  deposit_in_custody: false,
  customer_credit_minor: 0,
  refunds_unapproved_minor: 0,
  refunds_below_level2_minor: 0,
  payments: [],
  deposits: [],
  rules: paymentRules(),
  ...money,
});

type CashRegisterSession = NonNullable<CashRegisterState['session']>;

/** A register's open session: the float and what moved through the drawer since. */
export const registerSession = (
  session: { id: number; opened_at: string; float_minor: number } & Partial<CashRegisterSession>,
): CashRegisterSession => ({
  opened_by: 'Sam',
  cash_sales_minor: 0,
  cash_refunds_minor: 0,
  cash_deposits_held_minor: 0,
  cash_deposits_returned_minor: 0,
  cash_in_minor: 0,
  cash_out_minor: 0,
  expected_minor: session.float_minor,
  ...session,
});

export interface SentRequest {
  method: string;
  /** The URL's path: "/api/nine/payments". */
  path: string;
  /** The parsed JSON body; null for a GET. */
  body: Record<string, unknown> | null;
  key: string | null;
}

/**
 * Stubs fetch() with `answer` (undefined: 404) and records every request with its body and Idempotency-Key.
 * Undo with vi.unstubAllGlobals().
 */
export function stubMoneyApi(answer: (sent: SentRequest) => Response | undefined): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const entry: SentRequest = {
        method: request.method,
        path: new URL(request.url).pathname,
        body: request.method === 'GET' ? null : ((await request.json()) as Record<string, unknown>),
        key: request.headers.get('idempotency-key'),
      };
      sent.push(entry);
      return answer(entry) ?? notFoundResponse();
    }),
  );
  return sent;
}

/**
 * A cash register that refuses cash (1256, naming it) until its open route is called; after that it answers
 * nothing (undefined), so the test's own answer for the money route applies.
 */
export function closedRegister(register: { id: number; name: string; refusal: string }) {
  let open = false;
  return (path: string): Response | undefined => {
    if (path === `/api/nine/cash-registers/${register.id}/open`) {
      open = true;
      return json(200, {
        data: { outcome: null, register: { id: register.id, name: register.name, session: { id: 1 } } },
      });
    }
    if (open) return undefined;
    return json(422, {
      resp_code: 1256,
      resp_message: register.refusal,
      data: { register_id: register.id, register_name: register.name },
    });
  };
}

/** The order view's money panels as the page composes them, for location 1, paying and refunding. */
export function renderOrderMoneyPanels(
  props: Pick<OrderMoneyPanelsProps, 'orderId' | 'isRent'> & Partial<OrderMoneyPanelsProps>,
) {
  const onChanged = vi.fn();
  renderWithProviders(
    <OrderMoneyPanels
      locationId={1}
      format={usd}
      formatDate={() => '11/24/2026'}
      canPay
      canRefund
      cashRegisterId={null}
      printHref={(id) => `/payments/${id}/print`}
      renderLink={(href, label) => <a href={href}>{label}</a>}
      onChanged={onChanged}
      {...props}
    />,
  );
  return onChanged;
}
