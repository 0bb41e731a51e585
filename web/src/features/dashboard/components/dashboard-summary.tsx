import { Card, Heading, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import { QueryError } from '../../../components/query-error.tsx';
import { formatDay, formatMoney, formatNumber } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useDashboardSummary, type DashboardSummary as Summary } from '../api/get-dashboard-summary.ts';

type CardKey =
  | 'departures_today'
  | 'returns_due_today'
  | 'overdue'
  | 'open_sale_orders'
  | 'orders_created_today'
  | 'payments_today';

const cards: readonly { key: CardKey; value: (summary: Summary, language: string) => string }[] = [
  { key: 'departures_today', value: (s, l) => count(s.departures_today, l) },
  { key: 'returns_due_today', value: (s, l) => count(s.returns_due_today, l) },
  { key: 'overdue', value: (s, l) => count(s.overdue, l) },
  { key: 'open_sale_orders', value: (s, l) => count(s.open_sale_orders, l) },
  { key: 'orders_created_today', value: (s, l) => count(s.orders_created_today, l) },
  { key: 'payments_today', value: (s, l) => formatMoney(s.revenue_today_minor, s.currency_symbol, l) },
];

function count(value: number, language: string): string {
  return formatNumber(value, {}, language);
}

function SummaryCard({
  title,
  value,
  state,
}: {
  title: string;
  value: string;
  state: 'loading' | 'ready' | 'failed';
}) {
  const { t } = useAppTranslation();
  const titleId = useId();
  return (
    <Card.Root as="section" aria-labelledby={titleId} aria-busy={state === 'loading'} size="sm">
      <Card.Body gap="2">
        <Heading as="h2" size="sm" fontWeight="medium" color="fg.muted" id={titleId}>
          {title}
        </Heading>
        {state === 'loading' && (
          <>
            <Skeleton height="9" width="24" />
            <VisuallyHidden>{t('common:loading')}</VisuallyHidden>
          </>
        )}
        {state === 'ready' && (
          <Text fontSize="3xl" fontWeight="semibold" lineHeight="short">
            {value}
          </Text>
        )}
        {state === 'failed' && (
          <Text fontSize="md" color="fg.muted" lineHeight="tall">
            {t('common:dashboard.unavailable')}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Today's figures of the location the user works in. */
export function DashboardSummary({ locationId }: { locationId: number | null }) {
  const { t } = useAppTranslation();
  const query = useDashboardSummary(locationId);
  const language = currentLanguage();

  if (locationId === null) return <Text color="fg.muted">{t('common:dashboard.no_location')}</Text>;

  const state = query.isPending ? 'loading' : query.isError ? 'failed' : 'ready';
  return (
    <Stack gap="4">
      {query.data && (
        <Text color="fg.muted">
          {t('common:dashboard.summary_for', {
            location: query.data.location.name,
            date: formatDay(query.data.date, language),
          })}
        </Text>
      )}
      {query.isError && (
        <QueryError
          title={t('common:dashboard.load_failed')}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
        {cards.map((card) => (
          <SummaryCard
            key={card.key}
            title={t(`common:dashboard.cards.${card.key}`)}
            value={query.data ? card.value(query.data, language) : ''}
            state={state}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
