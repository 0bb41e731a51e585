import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { OrderMoney, OrderPaymentRow, PaymentView } from '@nine/shared/schemas/payments';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { RefundResult } from '../api/refund-payment.ts';
import { RefundDialog } from './refund-dialog.tsx';
import { TakePaymentDialog, type CashRegisterStatus } from './take-payment-dialog.tsx';

export interface PaymentsPanelProps {
  money: OrderMoney;
  format(minor: number): string;
  formatDate(iso: string): string;
  canPay: boolean;
  /** May start a refund: whoever may change financial transactions. */
  canRefund: boolean;
  /** Lacks financial_transaction: refund, so each refund needs the access key of someone who holds it. */
  refundNeedsApprover?: boolean;
  cashRegisterId: number | null;
  /** The register cash goes to and whether it is open (undefined while unknown). */
  cashRegister?: CashRegisterStatus | undefined;
  /** The cash registers screen (a full browser path), offered when cash finds its register closed. */
  registersHref?: string | undefined;
  /** Bumped by the page (e.g. the close refusal's "Take payment"): each new value opens the dialog. */
  payRequest?: number;
  /** The 'Print Payment' screen of a payment. */
  printHref(paymentId: number): string;
  /** Link element of the app's router (features do not know the router). */
  renderLink(href: string, label: string): ReactNode;
  renderReceiptActions?(payments: PaymentView[]): ReactNode;
  onPaid(payments: PaymentView[]): void;
  onRefunded(result: RefundResult): void;
}

/** The order's payments with what was refunded of each; take a payment, refund one, print its receipt. */
export function PaymentsPanel(props: PaymentsPanelProps) {
  const { money, format, formatDate } = props;
  const { t } = useAppTranslation();
  const [paying, setPaying] = useState(false);
  // By id, so the dialog reads the payment as the ledger now has it, not as it was when clicked.
  const [refundingId, setRefundingId] = useState<number | null>(null);
  const refunding: OrderPaymentRow | null = money.payments.find((p) => p.id === refundingId) ?? null;
  const closed = ['cancelled', 'pre-cancel'].includes(money.order_status);
  const canTake = !closed && (money.balance_minor > 0 || money.rules.has_pay_and_balance_forward);
  const takeButton = useRef<HTMLButtonElement>(null);
  const payRequest = props.payRequest ?? 0;
  useEffect(() => {
    if (payRequest === 0) return;
    const button = takeButton.current;
    if (typeof button?.scrollIntoView === 'function') button.scrollIntoView({ block: 'center' });
    button?.focus({ preventScroll: true });
    if (props.canPay && canTake) setPaying(true);
    // Once per request: a refetch of the money must not open the dialog again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payRequest]);

  const method = (p: OrderPaymentRow) => t(`money:payments.methods.${p.method}`);
  const columns: DataTableColumn<OrderPaymentRow>[] = [
    { id: 'date', title: t('money:payments.columns.date'), cell: (p) => formatDate(p.created_at) },
    { id: 'method', title: t('money:payments.columns.method'), cell: (p) => <Badge>{method(p)}</Badge> },
    {
      id: 'amount',
      title: t('money:payments.columns.amount'),
      cell: (p) => format(p.amount_minor),
      align: 'end',
    },
    {
      id: 'refunded',
      title: t('money:payments.columns.refunded'),
      cell: (p) => (p.refunded_minor > 0 ? format(p.refunded_minor) : '—'),
      align: 'end',
    },
    { id: 'reference', title: t('money:payments.columns.reference'), cell: (p) => p.reference ?? '' },
    { id: 'by', title: t('money:payments.columns.by'), cell: (p) => p.created_by ?? '' },
    {
      id: 'actions',
      title: t('money:payments.columns.actions'),
      titleHidden: true,
      cell: (p) => {
        const refundable = p.amount_minor - p.refunded_minor;
        return (
          <HStack gap="2" justify="flex-end">
            {props.renderLink(props.printHref(p.id), t('money:payments.print_payment', { id: p.id }))}
            {props.canRefund && refundable > 0 && (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                data-testid={`refund-payment-${p.id}`}
                onClick={() => setRefundingId(p.id)}
              >
                {/* What is left to refund, not the amount paid: the ledger after earlier refunds. */}
                {t('money:refunds.open', { method: method(p), amount: format(refundable) })}
              </Button>
            )}
          </HStack>
        );
      },
    },
  ];

  return (
    <Stack gap="4">
      <HStack gap="6" wrap="wrap" aria-label={t('money:payments.summary')} role="group">
        <Text>
          {t('money:payments.total')}: <strong>{format(money.total_minor)}</strong>
        </Text>
        <Text>
          {t('money:payments.paid')}: <strong>{format(money.paid_minor)}</strong>
        </Text>
        <Text data-testid="order-balance">
          {t('money:payments.balance')}: <strong>{format(money.balance_minor)}</strong>
        </Text>
      </HStack>
      {props.canPay && (
        <HStack>
          <Button
            ref={takeButton}
            colorPalette="green"
            size="sm"
            disabled={!canTake}
            onClick={() => setPaying(true)}
          >
            {t('money:payments.take')}
          </Button>
        </HStack>
      )}
      <DataTable<OrderPaymentRow>
        columns={columns}
        rows={money.payments}
        rowId={(p) => p.id}
        caption={t('money:payments.list')}
        emptyNote={t('money:payments.none')}
      />
      <TakePaymentDialog
        open={paying}
        onClose={() => setPaying(false)}
        money={money}
        cashRegisterId={props.cashRegisterId}
        cashRegister={props.cashRegister}
        registersHref={props.registersHref}
        format={format}
        onPaid={props.onPaid}
        {...(props.renderReceiptActions ? { renderReceiptActions: props.renderReceiptActions } : {})}
      />
      <RefundDialog
        payment={refunding}
        rules={money.rules}
        approverRequired={props.refundNeedsApprover ?? false}
        cashRegisterId={props.cashRegisterId}
        registersHref={props.registersHref}
        refundedSoFar={{
          unapprovedMinor: money.refunds_unapproved_minor,
          belowLevel2Minor: money.refunds_below_level2_minor,
        }}
        format={format}
        onClose={() => setRefundingId(null)}
        onRefunded={props.onRefunded}
      />
    </Stack>
  );
}
