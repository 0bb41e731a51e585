import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import type { OrderMoney, OrderPaymentRow, PaymentView } from '@nine/shared/schemas/payments';
import { useAppTranslation } from '../../../lib/i18n.ts';
import type { RefundResult } from '../api/refund-payment.ts';
import { RefundDialog } from './refund-dialog.tsx';
import { TakePaymentDialog } from './take-payment-dialog.tsx';

export interface PaymentsPanelProps {
  money: OrderMoney;
  format(minor: number): string;
  formatDate(iso: string): string;
  canPay: boolean;
  canRefund: boolean;
  cashRegisterId: number | null;
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
  const [refunding, setRefunding] = useState<OrderPaymentRow | null>(null);
  const closed = ['cancelled', 'pre-cancel'].includes(money.order_status);

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
            colorPalette="green"
            size="sm"
            disabled={closed || (money.balance_minor <= 0 && !money.rules.has_pay_and_balance_forward)}
            onClick={() => setPaying(true)}
          >
            {t('money:payments.take')}
          </Button>
        </HStack>
      )}
      {money.payments.length === 0 ? (
        <Text color="fg.muted">{t('money:payments.none')}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label={t('money:payments.list')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('money:payments.columns.date')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('money:payments.columns.method')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('money:payments.columns.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('money:payments.columns.refunded')}
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('money:payments.columns.reference')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('money:payments.columns.by')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t('money:payments.columns.actions')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {money.payments.map((p) => {
                const refundable = p.amount_minor - p.refunded_minor;
                return (
                  <Table.Row key={p.id}>
                    <Table.Cell>{formatDate(p.created_at)}</Table.Cell>
                    <Table.Cell>
                      <Badge>{t(`money:payments.methods.${p.method}`)}</Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{format(p.amount_minor)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {p.refunded_minor > 0 ? format(p.refunded_minor) : '—'}
                    </Table.Cell>
                    <Table.Cell>{p.reference ?? ''}</Table.Cell>
                    <Table.Cell>{p.created_by ?? ''}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2" justify="flex-end">
                        {props.renderLink(
                          props.printHref(p.id),
                          t('money:payments.print_payment', { id: p.id }),
                        )}
                        {props.canRefund && refundable > 0 && (
                          <Button
                            size="xs"
                            variant="outline"
                            colorPalette="red"
                            onClick={() => setRefunding(p)}
                          >
                            {t('money:refunds.open', {
                              method: t(`money:payments.methods.${p.method}`),
                              amount: format(p.amount_minor),
                            })}
                          </Button>
                        )}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <TakePaymentDialog
        open={paying}
        onClose={() => setPaying(false)}
        money={money}
        cashRegisterId={props.cashRegisterId}
        format={format}
        onPaid={props.onPaid}
        {...(props.renderReceiptActions ? { renderReceiptActions: props.renderReceiptActions } : {})}
      />
      <RefundDialog
        payment={refunding}
        rules={money.rules}
        refundedSoFar={{
          unapprovedMinor: money.refunds_unapproved_minor,
          belowLevel2Minor: money.refunds_below_level2_minor,
        }}
        format={format}
        onClose={() => setRefunding(null)}
        onRefunded={props.onRefunded}
      />
    </Stack>
  );
}
