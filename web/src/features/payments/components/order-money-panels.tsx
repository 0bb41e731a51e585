import { Alert, Button, Card, Grid, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { orderMoneyQueryKey, useOrderMoney } from '../api/get-order-money.ts';
import { DepositsPanel } from './deposits-panel.tsx';
import { PaymentsPanel } from './payments-panel.tsx';

export interface OrderMoneyPanelsProps {
  orderId: number;
  locationId: number;
  isRent: boolean;
  format(minor: number): string;
  formatDate(iso: string): string;
  canPay: boolean;
  canRefund: boolean;
  cashRegisterId: number | null;
  printHref(paymentId: number): string;
  renderLink(href: string, label: string): ReactNode;
  renderReceiptActions?(payments: PaymentView[]): ReactNode;
  /** After every payment (the page kicks the drawer for cash). */
  onPaid?(payments: PaymentView[]): void;
  /** Money moved: the page refreshes what it shows of the order. */
  onChanged(): void;
  /** Bumped by the order view's "Return deposit": the deposits panel focuses its return action. */
  returnDepositRequest?: number;
}

/** The deposits panel's anchor: `#order-deposits` links and scrolls to it. */
export const DEPOSITS_PANEL_ID = 'order-deposits';

function Panel({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card.Root as="section" id={id} aria-labelledby={titleId} size="sm" scrollMarginTop="4">
      <Card.Header>
        <Heading as="h2" size="md" id={titleId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** The order view's money: payments and refunds, and the security deposit. */
export function OrderMoneyPanels(props: OrderMoneyPanelsProps) {
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  const query = useOrderMoney(props.locationId, props.orderId);
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: orderMoneyQueryKey(props.locationId, props.orderId) });
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
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('money:payments.load_failed')}</Alert.Title>
          <Alert.Description>{query.error.message}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common:try_again')}
        </Button>
      </Alert.Root>
    );
  }
  const money = query.data;
  return (
    <Grid templateColumns={{ base: '1fr', xl: 'repeat(2, minmax(0, 1fr))' }} gap="4">
      <Panel title={t('money:payments.title')}>
        <PaymentsPanel
          money={money}
          format={props.format}
          formatDate={props.formatDate}
          canPay={props.canPay}
          canRefund={props.canRefund}
          cashRegisterId={props.cashRegisterId}
          printHref={props.printHref}
          renderLink={props.renderLink}
          {...(props.renderReceiptActions ? { renderReceiptActions: props.renderReceiptActions } : {})}
          onPaid={(payments) => {
            changed();
            props.onPaid?.(payments);
          }}
          onRefunded={changed}
        />
      </Panel>
      <Panel title={t('money:deposits.title')} id={DEPOSITS_PANEL_ID}>
        <DepositsPanel
          money={money}
          format={props.format}
          formatDate={props.formatDate}
          canChange={props.canPay}
          canOverride={props.isRent && props.canPay}
          onChanged={changed}
          returnRequest={props.returnDepositRequest ?? 0}
        />
      </Panel>
    </Grid>
  );
}
