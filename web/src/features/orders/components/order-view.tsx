import { Alert, Button, Grid, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import type { OrderEventType } from '@nine/shared/order-machine';
import { AccessKeyDialog } from '../../../components/access-key-dialog.tsx';
import { RecordLoadFailed, RecordLoading } from '../../../components/record-load-state.tsx';
import { LinkButtons, type LinkTarget } from '../../../components/link-buttons.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { orderQueryKey, useOrder, type OrderDetail, type OrderItem } from '../api/get-order.ts';
import { sendOrderEvent } from '../api/send-order-event.ts';
import type { OrderKind } from '../order-kind.ts';
import { orderActionMachine } from '../view/order-action-machine.ts';
import { orderActions, type OrderAction } from '../view/order-actions.ts';
import { ActionFailureAlert } from './action-failure-alert.tsx';
import { AddToInvoiceDialog } from './add-to-invoice-dialog.tsx';
import { ChangeCostDialog } from './change-cost-dialog.tsx';
import { canChangePeriod, ChangePeriodDialog } from './change-period-dialog.tsx';
import { ItemToolDialog } from './item-tool-dialog.tsx';
import { CloseRefusedDialog, WarningsDialog } from './order-action-dialogs.tsx';
import { CustomerCard, DetailsCard, MoneyCard } from './order-info.tsx';
import { itemName, type ItemTool } from './order-item-tools.ts';
import { OrderCoupons } from './order-coupons.tsx';
import { OrderItemsTable } from './order-items-table.tsx';
import { OrderNotesForm } from './order-notes-form.tsx';
import { OrderParticipants } from './order-participants.tsx';
import { OrderPhotos } from './order-photos.tsx';
import { OrderSignature } from './order-signature.tsx';
import { OrderStatusBadge, OverdueBadge } from '../../../components/order-status-badge.tsx';
import { OrderTimeline } from './order-timeline.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface OrderViewProps {
  kind: OrderKind;
  id: number;
  locationId: number;
  currencySymbol: string;
  /** Holds the change permission for this kind of order: actions and note editing. */
  canChange: boolean;
  listHref: string;
  printLinks: readonly LinkTarget[];
  /** Holds changeCost for this kind of order; defaults to canChange (the server checks either way). */
  canChangeCost?: boolean;
  /** The session's bearer token, for photos (files do not go through the JSON client). */
  token?: string;
  /**
   * Return deposit: the page scrolls to the deposits panel and focuses its return action. Offered while
   * the order holds a deposit, when the page passes it (the user may move deposits).
   */
  onReturnDeposit?(): void;
  /** Take payment: the page opens the payments panel's dialog (the close refusal's way to settle a balance). */
  onTakePayment?(): void;
}

/** The forward steps of an order; undoing, refunds and cancelling are secondary. */
const primaryActions: readonly OrderEventType[] = ['CONFIRM', 'DELIVER', 'RETURN', 'CLOSE'];

/** The order view: what it is, who it is for, its items and what may happen to them now. */
export function OrderView(props: OrderViewProps) {
  const { kind, id, locationId } = props;
  const { t } = useAppTranslation();
  const query = useOrder(kind, locationId, id);

  if (query.isPending) return <RecordLoading />;
  if (query.isError) {
    return (
      <Stack gap="4" align="flex-start">
        <RecordLoadFailed
          error={query.error}
          notFound={t('orders:view.not_found')}
          failed={t('orders:view.load_failed')}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={props.listHref}>{t('orders:view.back_to_list')}</Link>
        </ChakraLink>
      </Stack>
    );
  }
  return <LoadedOrder {...props} order={query.data} />;
}

function LoadedOrder({ order, ...props }: OrderViewProps & { order: OrderDetail }) {
  const { kind, id, locationId, currencySymbol } = props;
  const { t } = useAppTranslation();
  const queryClient = useQueryClient();
  // The lists may open another location's order: it shows, but changes need that location selected.
  const elsewhere = order.location_id !== locationId;
  const canChange = props.canChange && !elsewhere;
  const canChangeCost = (props.canChangeCost ?? props.canChange) && !elsewhere;
  // The order every panel and dialog below works on.
  const scope = { kind, locationId, order };
  const [costItem, setCostItem] = useState<OrderItem | null>(null);
  const [toolTarget, setToolTarget] = useState<{ tool: ItemTool; item: OrderItem } | null>(null);
  const [invoiceItem, setInvoiceItem] = useState<OrderItem | null>(null);
  const [invoiced, setInvoiced] = useState(false);
  const returnDeposit = !elsewhere && order.deposit_in_custody ? props.onReturnDeposit : undefined;

  const machine = useMemo(
    () =>
      orderActionMachine.provide({
        actors: { sendEvent: fromPromise(({ input }) => sendOrderEvent(kind, id, input)) },
        actions: {
          orderChanged: (_, updated) => {
            queryClient.setQueryData(orderQueryKey(kind, locationId, id), updated);
            void queryClient.invalidateQueries({ queryKey: ['orders', kind, locationId, 'list'] });
          },
          reloadOrder: () => {
            void queryClient.invalidateQueries({ queryKey: orderQueryKey(kind, locationId, id) });
          },
        },
      }),
    [kind, id, locationId, queryClient],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (snapshot) => snapshot);
  const { context } = state;
  const sending = state.value === 'sending';

  const start = (action: OrderAction) => {
    if (state.value === 'failed') actor.send({ type: 'DISMISS' });
    actor.send({ type: 'START', action, version: order.version, hasPayment: order.paid_minor > 0 });
  };

  const actions = canChange ? orderActions(order.allowed_events) : [];
  const pending = state.value === 'idle' || state.value === 'failed' ? null : context.action;
  const requested = new Set(context.action?.itemIds ?? []);
  const itemsWithoutSku = order.items
    .filter((item) => requested.has(item.id) && item.item_id === null)
    .map((item) => item.product_name);
  const refusedNames = (context.failure?.itemIds ?? []).map((itemId) => {
    const item = order.items.find((candidate) => candidate.id === itemId);
    return item ? itemName(item) : `#${itemId}`;
  });

  return (
    <Stack gap="6">
      <Stack gap="3">
        <ChakraLink asChild fontSize="sm" colorPalette="blue" alignSelf="flex-start">
          <Link href={props.listHref}>{t('orders:view.back_to_list')}</Link>
        </ChakraLink>
        <HStack gap="3" wrap="wrap">
          <PageHeading title={t('orders:view.heading', { number: order.number })} />
          <OrderStatusBadge status={order.status} />
          {order.overdue && <OverdueBadge />}
        </HStack>
      </Stack>

      <Stack as="section" aria-label={t('orders:view.actions')} gap="3">
        <HStack gap="2" wrap="wrap">
          {actions.map((action) => (
            <Button
              key={action.type}
              size="sm"
              variant={primaryActions.includes(action.type) ? 'solid' : 'outline'}
              colorPalette={action.type === 'CANCEL' ? 'red' : undefined}
              disabled={sending}
              loading={
                sending && pending?.type === action.type && pending.itemIds?.length === action.itemIds?.length
              }
              onClick={() => start(action)}
            >
              {t(`orders:actions.order.${action.type}`, { count: action.itemIds?.length ?? 0 })}
            </Button>
          ))}
          {canChange && canChangePeriod(order) && (
            <ChangePeriodDialog locationId={locationId} order={order} currencySymbol={currencySymbol} />
          )}
          {returnDeposit !== undefined && (
            <Button size="sm" variant="outline" onClick={returnDeposit}>
              {t('orders:return_deposit.action')}
            </Button>
          )}
          <LinkButtons links={props.printLinks} variant="ghost" />
        </HStack>
        {elsewhere && <Text color="fg.muted">{t('orders:view.other_location')}</Text>}
        {!props.canChange && <Text color="fg.muted">{t('orders:view.read_only')}</Text>}
        {canChange && actions.length === 0 && !canChangePeriod(order) && (
          <Text color="fg.muted">{t('orders:view.no_actions')}</Text>
        )}
        {context.failure !== null && context.failure.reason !== 'unsettled' && (
          <ActionFailureAlert
            title={t('orders:failures.title')}
            onDismiss={() => actor.send({ type: 'DISMISS' })}
          >
            {context.failure.reason === 'stale'
              ? t('orders:failures.stale')
              : context.failure.reason === 'refused' && refusedNames.length > 0
                ? t('orders:failures.refused', { items: refusedNames.join(', ') })
                : context.failure.message}
          </ActionFailureAlert>
        )}
        <Text role="status" fontSize="sm" color="fg.success">
          {context.completed === 'CANCEL' && order.status === 'pre-cancel'
            ? t('orders:actions.done.pre_cancel')
            : context.completed !== null
              ? t(`orders:actions.done.${context.completed}`)
              : ''}
        </Text>
        <Text role="status" fontSize="sm" color="fg.success">
          {invoiced ? t('orders:add_to_invoice.done') : ''}
        </Text>
      </Stack>

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, minmax(0, 1fr))' }} gap="4">
        <CustomerCard order={order} />
        <DetailsCard order={order} />
        <MoneyCard order={order} currencySymbol={currencySymbol} />
      </Grid>

      <SectionCard title={t('orders:view.items')}>
        <OrderItemsTable
          order={order}
          currencySymbol={currencySymbol}
          canChange={canChange}
          busy={sending}
          pending={pending}
          onAction={start}
          {...(canChangeCost ? { onChangeCost: setCostItem } : {})}
          {...(canChange
            ? {
                onItemTool: (tool: ItemTool, item: OrderItem) => setToolTarget({ tool, item }),
                onAddToInvoice: (item: OrderItem) => {
                  setInvoiced(false);
                  setInvoiceItem(item);
                },
              }
            : {})}
          {...(returnDeposit !== undefined ? { onReturnDeposit: returnDeposit } : {})}
        />
      </SectionCard>

      <SectionCard title={t('orders:coupons.title')}>
        <OrderCoupons {...scope} canChange={canChange} currencySymbol={currencySymbol} />
      </SectionCard>

      {/* Who rides and who signed for the gear belong to rentals; a sale is handed over at the counter. */}
      {order.type !== 'sale' && (
        <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
          <SectionCard title={t('orders:participants.title')}>
            <OrderParticipants {...scope} canChange={canChange} />
          </SectionCard>
          <SectionCard title={t('orders:signature.title')}>
            <OrderSignature {...scope} canChange={canChange} />
          </SectionCard>
        </Grid>
      )}

      {props.token !== undefined && (
        <SectionCard title={t('orders:photos.title')}>
          <OrderPhotos {...scope} canChange={canChange} token={props.token} />
        </SectionCard>
      )}

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
        <SectionCard title={t('orders:notes.title')}>
          <OrderNotesForm {...scope} canChange={canChange} />
        </SectionCard>
        <SectionCard title={t('orders:timeline.title')}>
          <OrderTimeline order={order} currencySymbol={currencySymbol} />
        </SectionCard>
      </Grid>

      <ItemToolDialog {...scope} target={toolTarget} onClose={() => setToolTarget(null)} />
      <AddToInvoiceDialog
        {...scope}
        currencySymbol={currencySymbol}
        item={invoiceItem}
        onClose={() => setInvoiceItem(null)}
        onAdded={() => setInvoiced(true)}
      />
      <ChangeCostDialog
        {...scope}
        item={costItem}
        currencySymbol={currencySymbol}
        onClose={() => setCostItem(null)}
      />
      {/* Cancelling needs an access key; with a payment it asks 'has payment, are you sure to proceed?'. */}
      <AccessKeyDialog
        open={state.value === 'askingAccessKey' || (sending && context.accessKey !== null)}
        busy={sending}
        error={context.keyError}
        submitLabel={t('orders:access_key.submit')}
        cancelLabel={t('orders:access_key.back')}
        destructive
        onSubmit={(accessKey) => actor.send({ type: 'SUBMIT_ACCESS_KEY', accessKey })}
        onDismiss={() => actor.send({ type: 'DISMISS' })}
      >
        {context.hasPayment ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('orders:access_key.has_payment')}</Alert.Title>
              <Alert.Description>{t('orders:access_key.refund_next')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <Text>{t('orders:access_key.intro')}</Text>
        )}
      </AccessKeyDialog>
      <WarningsDialog
        open={
          state.value === 'confirming' ||
          (sending && context.acknowledge.length > 0 && context.accessKey === null)
        }
        sending={sending}
        warnings={context.warnings}
        itemsWithoutSku={itemsWithoutSku}
        unsettled={context.unsettled}
        format={(minor) => formatMoney(minor, currencySymbol)}
        onConfirm={() => actor.send({ type: 'CONFIRM_WARNINGS' })}
        onDismiss={() => actor.send({ type: 'DISMISS' })}
      />
      {/* Closing refused with money unsettled (1254): what is left, and the way to settle it. */}
      <CloseRefusedDialog
        open={state.value === 'failed' && context.failure?.reason === 'unsettled'}
        reasons={context.failure?.unsettled ?? []}
        format={(minor) => formatMoney(minor, currencySymbol)}
        onSettle={(reason) =>
          reason === 'deposit_held' ? props.onReturnDeposit?.() : props.onTakePayment?.()
        }
        onDismiss={() => actor.send({ type: 'DISMISS' })}
      />
    </Stack>
  );
}
