import { Badge, Box, Button, Card, DataList, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import type { CouponRow, PartnerDetail, PartnerRow } from '@nine/shared/schemas/partners';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LiveSearchField } from '../../../components/live-search-field.tsx';
import { DataListEntry } from '../../../components/data-list-entry.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { createListCodec, listField, useListUrlState } from '../../../lib/use-list-url-state.ts';
import { useDeleteCoupon } from '../api/delete-coupon.ts';
import { useDeletePartner } from '../api/delete-partner.ts';
import { usePartner } from '../api/get-partner.ts';
import { usePartners } from '../api/get-partners.ts';
import { bpToPercent } from '../rates.ts';
import { CouponFormDialog } from './coupon-form-dialog.tsx';
import { PartnerFormDialog } from './partner-form-dialog.tsx';

const PAGE_SIZE = 25;

interface PartnerListState {
  page: number;
  pageSize: number;
  search?: string;
}

// The keys carry a prefix: the customers tab beside this one keeps its own list in the same URL.
const partnerListCodec = createListCodec<PartnerListState>(
  {
    page: listField.page('partners_page'),
    pageSize: listField.pageSize([PAGE_SIZE], 'partners_page_size'),
    search: listField.text('partners_search'),
  },
  (pageSize) => ({ page: 1, pageSize }),
);

/** Partners with their commission rates and coupons (permission `coupon`); search and page in the URL. */
export function PartnerScreen({ canChange, currencySymbol }: { canChange: boolean; currencySymbol: string }) {
  const { t } = useAppTranslation();
  const { state, change } = useListUrlState(partnerListCodec, undefined, PAGE_SIZE);
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);

  const query = usePartners({ search: state.search, page: state.page, page_size: state.pageSize });
  const data = query.data;
  const rows = data?.rows ?? [];

  const columns: DataTableColumn<PartnerRow>[] = [
    { id: 'name', title: t('customers:partners.name'), cell: (p) => p.name },
    { id: 'email', title: t('customers:fields.email'), cell: (p) => p.email },
    { id: 'phone', title: t('customers:fields.phone'), cell: (p) => p.phone },
    {
      id: 'commission',
      title: t('customers:partners.commission'),
      align: 'end',
      cell: (p) => `${bpToPercent(p.commission_rate_bp)} %`,
    },
    {
      id: 'coupon_count',
      title: t('customers:partners.coupon_count'),
      align: 'end',
      cell: (p) => p.coupon_count,
    },
    {
      id: 'actions',
      title: t('customers:list.actions'),
      cell: (p) => (
        <RowActionButton
          label={t('customers:partners.open')}
          name={t('customers:partners.open_named', { name: p.name })}
          onClick={() => setSelected(p.id)}
        />
      ),
    },
  ];

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="md">
          {t('customers:partners.title')}
        </Heading>
        {canChange && (
          <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
            {t('customers:partners.add')}
          </Button>
        )}
      </HStack>
      <LiveSearchField
        maxW="md"
        label={t('customers:partners.search')}
        value={state.search}
        onSearch={(search) => change({ search })}
      />
      {query.isPending ? (
        <HStack>
          <Spinner size="sm" />
          <Text>{t('customers:list.loading')}</Text>
        </HStack>
      ) : (
        !query.isError &&
        rows.length === 0 && (
          <Text color="fg.muted">
            {state.search ? t('customers:list.no_match') : t('customers:partners.empty')}
          </Text>
        )
      )}
      {/* Rows only once they came: the lines above say loading and empty. */}
      <DataTable<PartnerRow>
        columns={columns}
        rows={rows}
        rowId={(p) => p.id}
        caption={t('customers:partners.title')}
        query={query}
        interactive
        rowProps={(p) => ({ 'aria-selected': selected === p.id })}
        pager={
          data && (data.total > PAGE_SIZE || state.page > 1)
            ? {
                page: state.page,
                pageSize: PAGE_SIZE,
                total: data.total,
                capped: data.total_capped,
                rowsOnPage: rows.length,
                onPage: (page) => change({ page }),
              }
            : undefined
        }
      />
      {selected !== null && (
        <PartnerPanel
          id={selected}
          canChange={canChange}
          currencySymbol={currencySymbol}
          onDeleted={() => setSelected(null)}
        />
      )}
      <PartnerFormDialog open={adding} onOpenChange={setAdding} onSaved={(p) => setSelected(p.id)} />
    </Stack>
  );
}

function PartnerPanel({
  id,
  canChange,
  currencySymbol,
  onDeleted,
}: {
  id: number;
  canChange: boolean;
  currencySymbol: string;
  onDeleted(): void;
}) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const query = usePartner(id);
  const removePartner = useDeletePartner();
  const removeCoupon = useDeleteCoupon();
  const [editing, setEditing] = useState(false);
  const [coupon, setCoupon] = useState<CouponRow | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'partner' } | { kind: 'coupon'; coupon: CouponRow } | null>(
    null,
  );

  if (query.isPending)
    return (
      <HStack>
        <Spinner size="sm" />
        <Text>{t('customers:list.loading')}</Text>
      </HStack>
    );
  if (!query.data) return null;
  const partner: PartnerDetail = query.data;
  const discount = (c: CouponRow) =>
    c.discount_kind === 'percent'
      ? `${bpToPercent(c.discount_value)} %`
      : formatMoney(c.discount_value, currencySymbol, currentLanguage());
  const couponColumns: DataTableColumn<CouponRow>[] = [
    {
      id: 'code',
      title: t('customers:coupons.code'),
      cell: (c) => (
        <Text as="span" fontFamily="mono">
          {c.code}
        </Text>
      ),
    },
    {
      id: 'title',
      title: t('customers:coupons.title_field'),
      cell: (c) => (
        <>
          {c.title}
          {c.auto_apply && (
            <Badge ms="2" size="sm">
              {t('customers:coupons.auto_apply')}
            </Badge>
          )}
        </>
      ),
    },
    { id: 'discount', title: t('customers:coupons.discount'), align: 'end', cell: discount },
    {
      id: 'commission',
      title: t('customers:coupons.commission'),
      align: 'end',
      cell: (c) =>
        c.commission_bp === null
          ? t('customers:coupons.commission_default')
          : `${bpToPercent(c.commission_bp)} %`,
    },
    {
      id: 'applies_to',
      title: t('customers:coupons.applies_to'),
      cell: (c) => t(`customers:coupons.kinds.${c.applies_to}`),
    },
    {
      id: 'validity',
      title: t('customers:coupons.validity'),
      cell: (c) =>
        c.valid_to === null
          ? t('customers:coupons.from', { from: formatDay(c.valid_from) })
          : t('customers:coupons.between', { from: formatDay(c.valid_from), to: formatDay(c.valid_to) }),
    },
    {
      id: 'status',
      title: t('customers:coupons.status'),
      cell: (c) => (
        <Badge colorPalette={c.is_active ? 'green' : 'gray'}>
          {c.is_active ? t('customers:coupons.active') : t('customers:coupons.inactive')}
        </Badge>
      ),
    },
  ];
  if (canChange)
    couponColumns.push({
      id: 'actions',
      title: t('customers:list.actions'),
      cell: (c) => (
        <HStack gap="1">
          <RowActionButton
            label={t('customers:partners.edit')}
            name={t('customers:coupons.edit_named', { code: c.code })}
            onClick={() => setCoupon(c)}
          />
          <RowActionButton
            colorPalette="red"
            label={t('customers:partners.delete')}
            name={t('customers:coupons.delete_named', { code: c.code })}
            onClick={() => setConfirm({ kind: 'coupon', coupon: c })}
          />
        </HStack>
      ),
    });

  const confirmDelete = () => {
    if (confirm?.kind === 'partner')
      removePartner.mutate(partner.id, {
        onSuccess: () => {
          notify({ type: 'success', title: t('customers:partners.deleted', { name: partner.name }) });
          setConfirm(null);
          onDeleted();
        },
      });
    else if (confirm?.kind === 'coupon')
      removeCoupon.mutate(confirm.coupon.id, {
        onSuccess: () => {
          notify({ type: 'success', title: t('customers:coupons.deleted', { code: confirm.coupon.code }) });
          setConfirm(null);
        },
      });
  };

  return (
    <Card.Root as="section" aria-labelledby={`partner-${partner.id}`}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h3" size="md" id={`partner-${partner.id}`}>
            {partner.name}
          </Heading>
          {canChange && (
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                {t('customers:partners.edit')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => setConfirm({ kind: 'partner' })}
              >
                {t('customers:partners.delete')}
              </Button>
            </HStack>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <DataList.Root orientation="horizontal" size="sm">
            <DataListEntry label={t('customers:fields.email')}>{partner.email ?? '—'}</DataListEntry>
            <DataListEntry label={t('customers:fields.phone')}>{partner.phone ?? '—'}</DataListEntry>
            <DataListEntry label={t('customers:partners.commission')}>
              {bpToPercent(partner.commission_rate_bp)} %
            </DataListEntry>
            {partner.rates.map((r) => (
              <DataListEntry key={r.applies_to} label={t(`customers:partners.kinds.${r.applies_to}`)}>
                {bpToPercent(r.rate_bp)} %
              </DataListEntry>
            ))}
          </DataList.Root>

          <Box>
            <HStack justify="space-between" mb="2">
              <Heading as="h4" size="sm">
                {t('customers:coupons.title')}
              </Heading>
              {canChange && (
                <Button size="xs" colorPalette="blue" onClick={() => setCoupon('new')}>
                  {t('customers:coupons.add')}
                </Button>
              )}
            </HStack>
            <DataTable<CouponRow>
              columns={couponColumns}
              rows={partner.coupons}
              rowId={(c) => c.id}
              caption={t('customers:coupons.title')}
              emptyNote={t('customers:coupons.empty')}
            />
          </Box>
        </Stack>
      </Card.Body>
      <PartnerFormDialog open={editing} onOpenChange={setEditing} partner={partner} />
      <CouponFormDialog
        open={coupon !== null}
        onOpenChange={(open) => !open && setCoupon(null)}
        partnerId={partner.id}
        coupon={coupon === 'new' || coupon === null ? undefined : coupon}
      />
      <ConfirmDialog
        open={confirm !== null}
        size="sm"
        danger
        title={t('customers:partners.confirm_title')}
        confirmLabel={t('customers:partners.delete')}
        message={
          confirm?.kind === 'coupon'
            ? t('customers:coupons.delete_confirm', { code: confirm.coupon.code })
            : t('customers:partners.delete_confirm', { name: partner.name })
        }
        pending={removePartner.isPending || removeCoupon.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirm(null)}
      />
    </Card.Root>
  );
}
