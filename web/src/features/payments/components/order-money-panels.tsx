import { Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { QueryError } from '../../../components/query-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import {
  cashRegistersQueryKey,
  cashRegistersQueryOptions,
  type CashRegisterState,
} from '../api/get-cash-registers.ts';
import { orderMoneyQueryKey, useOrderMoney } from '../api/get-order-money.ts';
import { DepositsPanel } from './deposits-panel.tsx';
import { PaymentsPanel, type PaymentsPanelProps } from './payments-panel.tsx';
import type { CashRegisterStatus } from './take-payment-dialog.tsx';

/** What the page gives the payments panel passes straight through (documented there). */
type PassedToPayments =
  | 'format'
  | 'formatDate'
  | 'canPay'
  | 'canRefund'
  | 'refundNeedsApprover'
  | 'cashRegisterId'
  | 'registersHref'
  | 'payRequest'
  | 'printHref'
  | 'renderLink'
  | 'renderReceiptActions';

export interface OrderMoneyPanelsProps extends Pick<PaymentsPanelProps, PassedToPayments> {
  orderId: number;
  locationId: number;
  isRent: boolean;
  /** After every payment (the page kicks the drawer for cash). */
  onPaid?(payments: PaymentView[]): void;
  /** Money moved: the page refreshes what it shows of the order. */
  onChanged(): void;
  /** Bumped by the order view's "Return deposit": the deposits panel focuses its return action. */
  returnDepositRequest?: number;
}

/** The deposits panel's anchor: `#order-deposits` links and scrolls to it. */
export const DEPOSITS_PANEL_ID = 'order-deposits';
/** The payments panel's anchor: `#order-payments`. */
export const PAYMENTS_PANEL_ID = 'order-payments';

/**
 * The register cash lands in, as the server picks it: the counter's or the location's current register,
 * else the only open one. Undefined when unknown (not loaded, several open, or no register: then the server
 * alone decides, and a location without registers takes cash as before).
 */
export function drawerFor(
  registers: readonly CashRegisterState[] | undefined,
  registerId: number | null,
): CashRegisterStatus | undefined {
  if (registers === undefined) return undefined;
  const open = registers.filter((r) => r.session !== null);
  const chosen =
    registerId !== null
      ? registers.find((r) => r.id === registerId)
      : open.length === 1
        ? open[0]
        : open.length === 0 && registers.length === 1
          ? registers[0]
          : undefined;
  return chosen ? { id: chosen.id, name: chosen.name, open: chosen.session !== null } : undefined;
}

/** The order view's money: payments and refunds, and the security deposit. */
export function OrderMoneyPanels(props: OrderMoneyPanelsProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const query = useOrderMoney(props.locationId, props.orderId);
  // Which drawer cash goes to and whether it is open, said before the clerk takes cash.
  const registers = useQuery({ ...cashRegistersQueryOptions(props.locationId), enabled: props.canPay });
  const changed = () => {
    // Everything this feature shows of the money moved: the order's figures and the drawers' expected cash.
    void queryClient.invalidateQueries({ queryKey: orderMoneyQueryKey(props.locationId, props.orderId) });
    void queryClient.invalidateQueries({ queryKey: cashRegistersQueryKey(props.locationId) });
    props.onChanged();
  };

  if (query.isPending) {
    return (
      <Stack aria-busy="true">
        <Skeleton height="32" />
        <Text srOnly>{t('common:loading')}</Text>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <QueryError
        title={t('money:payments.load_failed')}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const money = query.data;
  const register = drawerFor(registers.data, props.cashRegisterId ?? money.rules.current_cash_register);
  return (
    <Grid templateColumns={{ base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' }} gap="4">
      <SectionCard title={t('money:payments.title')} id={PAYMENTS_PANEL_ID}>
        <PaymentsPanel
          money={money}
          format={props.format}
          formatDate={props.formatDate}
          canPay={props.canPay}
          canRefund={props.canRefund}
          refundNeedsApprover={props.refundNeedsApprover ?? false}
          cashRegisterId={props.cashRegisterId}
          cashRegister={register}
          registersHref={props.registersHref}
          payRequest={props.payRequest ?? 0}
          printHref={props.printHref}
          renderLink={props.renderLink}
          {...(props.renderReceiptActions ? { renderReceiptActions: props.renderReceiptActions } : {})}
          onPaid={(payments) => {
            changed();
            props.onPaid?.(payments);
          }}
          onRefunded={changed}
        />
      </SectionCard>
      {/* Security deposits belong to rentals; a sale shows the panel only for one it somehow holds. */}
      {(props.isRent || money.deposits.length > 0) && (
        <SectionCard title={t('money:deposits.title')} id={DEPOSITS_PANEL_ID}>
          <DepositsPanel
            money={money}
            format={props.format}
            formatDate={props.formatDate}
            canChange={props.canPay}
            canOverride={props.isRent && props.canPay}
            onChanged={changed}
            returnRequest={props.returnDepositRequest ?? 0}
            registersHref={props.registersHref}
            cashRegisterId={props.cashRegisterId}
          />
        </SectionCard>
      )}
    </Grid>
  );
}
