import { Button, Field, HStack, Heading, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { formatMoney } from '@nine/shared/money';
import type { RepairLog } from '@nine/shared/schemas/stock';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useAddRepairWork } from '../api/add-repair-work.ts';
import { useCloseRepairLog } from '../api/close-repair-log.ts';
import { useRepairLogs } from '../api/get-repair-logs.ts';
import { parseMinorInput } from '../components/minor-input.ts';

function WorkForm({
  log,
  mode,
  currencySymbol,
  onDone,
}: {
  log: RepairLog;
  mode: 'work' | 'close';
  currencySymbol: string;
  onDone(): void;
}) {
  const { t } = useAppTranslation();
  const add = useAddRepairWork();
  const close = useCloseRepairLog();
  const [work, setWork] = useState('');
  const [cost, setCost] = useState('');
  const ids = { work: useId(), cost: useId() };
  const minor = parseMinorInput(cost);
  const needsWork = mode === 'work';
  const valid = minor !== null && (!needsWork || work.trim() !== '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        if (mode === 'work')
          add.mutate({ id: log.id, body: { work: work.trim(), cost_minor: minor } }, { onSuccess: onDone });
        else
          close.mutate(
            { id: log.id, body: { cost_minor: minor, ...(work.trim() ? { work: work.trim() } : {}) } },
            { onSuccess: onDone },
          );
      }}
    >
      <HStack gap="2" wrap="wrap" align="end">
        <Field.Root width="auto" required={needsWork}>
          <Field.Label htmlFor={ids.work}>{t('stock:repairs.work')}</Field.Label>
          <Input
            id={ids.work}
            autoFocus
            width="64"
            maxLength={500}
            value={work}
            onChange={(e) => setWork(e.currentTarget.value)}
          />
        </Field.Root>
        <Field.Root width="auto" invalid={minor === null}>
          <Field.Label htmlFor={ids.cost}>{t('stock:repairs.cost', { symbol: currencySymbol })}</Field.Label>
          <Input
            id={ids.cost}
            width="28"
            inputMode="decimal"
            value={cost}
            onChange={(e) => setCost(e.currentTarget.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          size="sm"
          colorPalette={mode === 'close' ? 'green' : 'blue'}
          disabled={!valid}
          loading={add.isPending || close.isPending}
        >
          {mode === 'close' ? t('stock:repairs.confirm_close') : t('stock:repairs.save_work')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('stock:common.cancel')}
        </Button>
      </HStack>
    </form>
  );
}

/** Repair logs of this location: record work and cost, close (the item is available again). */
export function RepairLogs({
  locationId,
  canChange,
  currencySymbol,
}: {
  locationId: number | null;
  canChange: boolean;
  currencySymbol: string;
}) {
  const { t } = useAppTranslation();
  const [status, setStatus] = useState<'open' | 'closed' | 'all'>('open');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ id: number; mode: 'work' | 'close' } | null>(null);
  const logs = useRepairLogs(locationId, { status, page });
  const ids = { h: useId(), status: useId() };
  const locale = currentLanguage();
  const rows = logs.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((logs.data?.total ?? 0) / 20));
  const money = (minor: number) => formatMoney(minor, currencySymbol, locale);
  const date = (iso: string) =>
    new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Stack as="section" aria-labelledby={ids.h} gap="4">
      <Heading as="h2" size="lg" id={ids.h}>
        {t('stock:repairs.title')}
      </Heading>
      <Field.Root width="auto">
        <Field.Label htmlFor={ids.status}>{t('stock:repairs.show')}</Field.Label>
        <NativeSelect.Root width="44">
          <NativeSelect.Field
            id={ids.status}
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as 'open' | 'closed' | 'all');
              setPage(1);
            }}
          >
            <option value="open">{t('stock:repairs.open')}</option>
            <option value="closed">{t('stock:repairs.closed')}</option>
            <option value="all">{t('stock:repairs.all')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {logs.isPending ? (
        <Text>{t('stock:common.loading')}</Text>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{t('stock:repairs.empty')}</Text>
      ) : (
        <Table.Root size="sm" aria-label={t('stock:repairs.title')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('stock:repairs.number')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('stock:repairs.item')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('stock:repairs.problem')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('stock:repairs.opened')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('stock:repairs.work_done')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('stock:repairs.total_cost')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('stock:common.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((log) => (
              <Table.Row key={log.id}>
                <Table.Cell>{log.id}</Table.Cell>
                <Table.Cell>
                  {log.item_sku}
                  <Text as="span" color="fg.muted" display="block" fontSize="xs">
                    {log.product_name}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  {log.problem}
                  {log.order_number !== null && (
                    <Text as="span" color="fg.muted" display="block" fontSize="xs">
                      {t('stock:repairs.from_order', { number: log.order_number })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {date(log.opened_at)}
                  {log.opened_by !== null && (
                    <Text as="span" color="fg.muted" display="block" fontSize="xs">
                      {log.opened_by}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {log.work.length === 0
                    ? '—'
                    : log.work.map((w, i) => (
                        <Text key={i} fontSize="sm">
                          {w.work} ({money(w.cost_minor)})
                        </Text>
                      ))}
                </Table.Cell>
                <Table.Cell>{money(log.cost_minor)}</Table.Cell>
                <Table.Cell>
                  {log.status === 'closed' ? (
                    t('stock:repairs.closed_at', { at: log.closed_at ? date(log.closed_at) : '' })
                  ) : editing?.id === log.id ? (
                    <WorkForm
                      log={log}
                      mode={editing.mode}
                      currencySymbol={currencySymbol}
                      onDone={() => setEditing(null)}
                    />
                  ) : canChange ? (
                    <HStack gap="2">
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setEditing({ id: log.id, mode: 'work' })}
                      >
                        {t('stock:repairs.record_work')}
                      </Button>
                      <Button
                        size="xs"
                        colorPalette="green"
                        onClick={() => setEditing({ id: log.id, mode: 'close' })}
                      >
                        {t('stock:repairs.close', { sku: log.item_sku })}
                      </Button>
                    </HStack>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {pages > 1 && (
        <HStack as="nav" aria-label={t('stock:common.pagination')} gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('stock:common.previous')}
          </Button>
          <Text>{t('stock:common.page_of', { page, pages })}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('stock:common.next')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
