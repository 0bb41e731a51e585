import { Badge, DataList, HStack, Text } from '@chakra-ui/react';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import type { OrderDetail } from '../api/get-order.ts';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useAppTranslation();
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        {value ? value : <Text color="fg.subtle">{t('orders:view.not_given')}</Text>}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** Customer info of spec section 3: name, phone, e-mail, address, postal code. */
export function CustomerCard({ order }: { order: OrderDetail }) {
  const { t } = useAppTranslation();
  const customer = order.customer;
  return (
    <SectionCard title={t('orders:view.customer')}>
      {customer === null ? (
        <Text color="fg.muted">{t('orders:view.no_customer')}</Text>
      ) : (
        <DataList.Root orientation="horizontal" size="sm">
          <Row
            label={t('orders:view.name')}
            value={customer.is_anonymous ? t('orders:view.walk_in') : customer.name}
          />
          <Row label={t('orders:view.phone')} value={customer.phone} />
          <Row label={t('orders:view.email')} value={customer.email} />
          <Row label={t('orders:view.address')} value={customer.address} />
          <Row label={t('orders:view.postal_code')} value={customer.postal_code} />
        </DataList.Root>
      )}
    </SectionCard>
  );
}

const sourceKeys = ['web', 'phone', 'back_end', 'walk_in', 'kiosk'] as const;

export function DetailsCard({ order }: { order: OrderDetail }) {
  const { t } = useAppTranslation();
  const source = (sourceKeys as readonly string[]).includes(order.source)
    ? t(`orders:sources.${order.source as (typeof sourceKeys)[number]}`)
    : order.source;
  const rent = order.type !== 'sale';
  return (
    <SectionCard title={t('orders:view.details')}>
      <DataList.Root orientation="horizontal" size="sm">
        <Row label={t('orders:view.type')} value={t(`orders:types.${order.type}`)} />
        <Row label={t('orders:view.source')} value={source} />
        <Row label={t('orders:view.created_at')} value={formatDateTime(order.created_at)} />
        {rent && <Row label={t('orders:view.planned_start')} value={formatDateTime(order.planned_start)} />}
        {rent && <Row label={t('orders:view.planned_finish')} value={formatDateTime(order.planned_finish)} />}
        {rent && order.actual_start !== null && (
          <Row label={t('orders:view.actual_start')} value={formatDateTime(order.actual_start)} />
        )}
        {rent && order.actual_finish !== null && (
          <Row label={t('orders:view.actual_finish')} value={formatDateTime(order.actual_finish)} />
        )}
        {order.closed_at !== null && (
          <Row label={t('orders:view.closed_at')} value={formatDateTime(order.closed_at)} />
        )}
        {order.cancelled_at !== null && (
          <Row label={t('orders:view.cancelled_at')} value={formatDateTime(order.cancelled_at)} />
        )}
      </DataList.Root>
    </SectionCard>
  );
}

/** Totals, paid and balance, in the business's currency (minor units formatted, never floats stored). */
export function MoneyCard({ order, currencySymbol }: { order: OrderDetail; currencySymbol: string }) {
  const { t } = useAppTranslation();
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  return (
    <SectionCard title={t('orders:view.money')}>
      <DataList.Root orientation="horizontal" size="sm">
        {order.delivery_fee_minor > 0 && (
          <Row label={t('orders:view.delivery_fees')} value={money(order.delivery_fee_minor)} />
        )}
        <Row label={t('orders:view.total')} value={money(order.total_minor)} />
        {order.type !== 'sale' && <Row label={t('orders:view.deposit')} value={money(order.deposit_minor)} />}
        <Row label={t('orders:view.paid')} value={money(order.paid_minor)} />
        <DataList.Item>
          <DataList.ItemLabel>{t('orders:view.balance')}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold" color={order.balance_minor > 0 ? 'fg.error' : undefined}>
            {money(order.balance_minor)}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {(order.deposit_in_custody || order.cc_skipped || order.has_delivery) && (
        <HStack mt="3" gap="2" wrap="wrap">
          {order.deposit_in_custody && <Badge>{t('orders:view.deposit_in_custody')}</Badge>}
          {order.cc_skipped && <Badge colorPalette="orange">{t('orders:view.cc_skipped')}</Badge>}
          {order.has_delivery && <Badge colorPalette="blue">{t('orders:view.has_delivery')}</Badge>}
        </HStack>
      )}
    </SectionCard>
  );
}
