import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { repairCloseForm, repairWorkForm, type RepairLog } from '@nine/shared/schemas/stock';
import { HeadedSection } from '../../../components/headed-section.tsx';
import type { DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { InlineForm } from '../../../components/form/inline-form.tsx';
import { OptionSelect } from '../../../components/list-filter-fields.tsx';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useAddRepairWork } from '../api/add-repair-work.ts';
import { useCloseRepairLog } from '../api/close-repair-log.ts';
import { useRepairLogs } from '../api/get-repair-logs.ts';
import { ListPager } from '../../../components/list-pager.tsx';
import { MaintenanceTable } from './maintenance-table.tsx';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

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
  const needsWork = mode === 'work';
  // Checked as typed: the button stays disabled until the work (when needed) and the cost are valid.
  const form = useSchemaForm(needsWork ? repairWorkForm : repairCloseForm, {
    defaultValues: { work: '', cost_minor: null },
    mode: 'onChange',
  });
  // At once as typed (the resolver answers a tick later).
  const ready = (needsWork ? repairWorkForm : repairCloseForm).safeParse(
    useWatch({ control: form.control }),
  ).success;
  const submit = form.handleSubmit(({ work, cost_minor }) => {
    const onError = (error: Error) => {
      if (applyServerIssues(form, error)) (needsWork ? add : close).reset();
    };
    if (needsWork) add.mutate({ id: log.id, body: { work, cost_minor } }, { onSuccess: onDone, onError });
    else
      close.mutate(
        { id: log.id, body: { cost_minor, ...(work ? { work } : {}) } },
        { onSuccess: onDone, onError },
      );
  });
  const { MoneyField, TextField } = fieldsOf(form.control);
  return (
    <InlineForm
      onSubmit={submit}
      submitLabel={mode === 'close' ? t('stock:repairs.confirm_close') : t('stock:repairs.save_work')}
      pending={add.isPending || close.isPending}
      submitDisabled={!ready}
      colorPalette={mode === 'close' ? 'green' : 'blue'}
      onCancel={onDone}
      compact
    >
      <Box width="64">
        <TextField
          name="work"
          label={t('stock:repairs.work')}
          required={needsWork}
          autoFocus
          maxLength={500}
        />
      </Box>
      <Box width="28">
        <MoneyField name="cost_minor" label={t('stock:repairs.cost', { symbol: currencySymbol })} />
      </Box>
    </InlineForm>
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
  const locale = currentLanguage();
  const rows = logs.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((logs.data?.total ?? 0) / 20));
  const money = (minor: number) => formatMoney(minor, currencySymbol, locale);
  const date = (iso: string) => formatDateTime(iso, locale);

  const muted = (text: ReactNode) => (
    <Text as="span" color="fg.muted" display="block" fontSize="xs">
      {text}
    </Text>
  );
  const columns: DataTableColumn<RepairLog>[] = [
    { id: 'number', title: t('stock:repairs.number'), cell: (log) => log.id },
    {
      id: 'item',
      title: t('stock:repairs.item'),
      cell: (log) => (
        <>
          {log.item_sku}
          {muted(log.product_name)}
        </>
      ),
    },
    {
      id: 'problem',
      title: t('stock:repairs.problem'),
      cell: (log) => (
        <>
          {log.problem}
          {log.order_number !== null && muted(t('stock:repairs.from_order', { number: log.order_number }))}
        </>
      ),
    },
    {
      id: 'opened',
      title: t('stock:repairs.opened'),
      cell: (log) => (
        <>
          {date(log.opened_at)}
          {log.opened_by !== null && muted(log.opened_by)}
        </>
      ),
    },
    {
      id: 'work',
      title: t('stock:repairs.work_done'),
      cell: (log) =>
        log.work.length === 0
          ? '—'
          : log.work.map((w, i) => (
              <Text key={i} fontSize="sm">
                {w.work} ({money(w.cost_minor)})
              </Text>
            )),
    },
    { id: 'cost', title: t('stock:repairs.total_cost'), cell: (log) => money(log.cost_minor) },
    {
      id: 'actions',
      title: t('stock:common.actions'),
      cell: (log) =>
        log.status === 'closed' ? (
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
            <Button size="xs" variant="outline" onClick={() => setEditing({ id: log.id, mode: 'work' })}>
              {t('stock:repairs.record_work')}
            </Button>
            <Button size="xs" colorPalette="green" onClick={() => setEditing({ id: log.id, mode: 'close' })}>
              {t('stock:repairs.close', { sku: log.item_sku })}
            </Button>
          </HStack>
        ) : null,
    },
  ];

  return (
    <HeadedSection title={t('stock:repairs.title')}>
      <OptionSelect
        label={t('stock:repairs.show')}
        options={[
          { value: 'open', label: t('stock:repairs.open') },
          { value: 'closed', label: t('stock:repairs.closed') },
          { value: 'all', label: t('stock:repairs.all') },
        ]}
        value={status}
        width="44"
        onChange={(value) => {
          setStatus(value as 'open' | 'closed' | 'all');
          setPage(1);
        }}
      />
      <MaintenanceTable<RepairLog>
        label={t('stock:repairs.title')}
        pending={logs.isPending}
        empty={rows.length === 0}
        emptyText={t('stock:repairs.empty')}
        columns={columns}
        rows={rows}
        rowId={(log) => log.id}
      />
      {pages > 1 && <ListPager page={page} pageSize={20} total={logs.data?.total ?? 0} onPage={setPage} />}
    </HeadedSection>
  );
}
