import { Heading, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useCalendarOrders, type CalendarOrdersParams } from '../api/get-calendar-orders.ts';
import { formatWithPattern } from './date-pattern.ts';

export interface CalendarDetailsScreenProps {
  title: string;
  locationId: number | null;
  /** From the query string; null when it is missing or malformed. */
  target: CalendarOrdersParams | null;
  dateTimeFormat: string;
  orderHref(orderId: number, type: string): string | null;
  backHref: string;
}

/** availability-calendar/details: the orders that hold a product in the chosen slot. */
export function CalendarDetailsScreen(props: CalendarDetailsScreenProps) {
  const { t } = useAppTranslation();
  const orders = useCalendarOrders(props.locationId, props.target);
  const when = (iso: string) => formatWithPattern(new Date(iso), props.dateTimeFormat, currentLanguage());
  const rows = orders.data ?? [];
  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        {props.title}
      </Heading>
      <ChakraLink asChild>
        <Link href={props.backHref}>{t('stock:calendar.back')}</Link>
      </ChakraLink>
      {props.target === null ? (
        <Text color="fg.error">{t('stock:calendar.bad_details')}</Text>
      ) : (
        <>
          <Text>
            {t('stock:calendar.details_period', { from: when(props.target.from), to: when(props.target.to) })}
          </Text>
          {orders.isPending ? (
            <Text>{t('stock:common.loading')}</Text>
          ) : rows.length === 0 ? (
            <Text color="fg.muted">{t('stock:calendar.no_orders')}</Text>
          ) : (
            <Table.Root size="sm" aria-label={t('stock:calendar.orders')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('stock:calendar.order')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('stock:calendar.customer')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('stock:calendar.item')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('stock:calendar.quantity')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('stock:calendar.planned_start')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('stock:calendar.planned_finish')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('stock:calendar.status')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row, i) => {
                  const href = props.orderHref(row.order_id, row.order_type);
                  return (
                    <Table.Row key={`${row.order_id}-${i}`}>
                      <Table.Cell>
                        {href === null ? (
                          `#${row.order_number}`
                        ) : (
                          <ChakraLink asChild>
                            <Link href={href}>#{row.order_number}</Link>
                          </ChakraLink>
                        )}
                      </Table.Cell>
                      <Table.Cell>{row.customer ?? '—'}</Table.Cell>
                      <Table.Cell>{row.item_sku ?? '—'}</Table.Cell>
                      <Table.Cell>{row.quantity}</Table.Cell>
                      <Table.Cell>{when(row.planned_start)}</Table.Cell>
                      <Table.Cell>{when(row.planned_finish)}</Table.Cell>
                      <Table.Cell>{row.order_status}</Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          )}
        </>
      )}
    </Stack>
  );
}
