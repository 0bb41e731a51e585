import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Field,
  HStack,
  Heading,
  Input,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { formatMoney } from '@nine/shared/money';
import type { CouponRow, PartnerDetail } from '@nine/shared/schemas/partners';
import { ListPager } from '../../../components/list-pager.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/toast.tsx';
import { useDeleteCoupon } from '../api/delete-coupon.ts';
import { useDeletePartner } from '../api/delete-partner.ts';
import { usePartner } from '../api/get-partner.ts';
import { usePartners } from '../api/get-partners.ts';
import { formatDay } from '../../../lib/format.ts';
import { bpToPercent } from '../rates.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { CouponFormDialog } from './coupon-form-dialog.tsx';
import { PartnerFormDialog } from './partner-form-dialog.tsx';

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

/** Partners with their commission rates and coupons (permission `coupon`). */
export function PartnerScreen({ canChange, currencySymbol }: { canChange: boolean; currencySymbol: string }) {
  const { t } = useAppTranslation();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);

  // Only a changed search goes back to page 1, so a page chosen right after mounting stays.
  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const query = usePartners({ search: search || undefined, page, page_size: PAGE_SIZE });
  const rows = query.data?.rows ?? [];

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
      <Field.Root maxW="md">
        <Field.Label htmlFor={searchId}>{t('customers:partners.search')}</Field.Label>
        <Input id={searchId} type="search" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      </Field.Root>
      {query.isPending ? (
        <HStack>
          <Spinner size="sm" />
          <Text>{t('customers:list.loading')}</Text>
        </HStack>
      ) : rows.length === 0 ? (
        <Text color="fg.muted">{search ? t('customers:list.no_match') : t('customers:partners.empty')}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" variant="line" interactive>
            <Table.Caption srOnly>{t('customers:partners.title')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('customers:partners.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:fields.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:fields.phone')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('customers:partners.commission')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  {t('customers:partners.coupon_count')}
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('customers:list.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((p) => (
                <Table.Row key={p.id} aria-selected={selected === p.id}>
                  <Table.Cell>{p.name}</Table.Cell>
                  <Table.Cell>{p.email}</Table.Cell>
                  <Table.Cell>{p.phone}</Table.Cell>
                  <Table.Cell textAlign="end">{bpToPercent(p.commission_rate_bp)} %</Table.Cell>
                  <Table.Cell textAlign="end">{p.coupon_count}</Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('customers:partners.open_named', { name: p.name })}
                      onClick={() => setSelected(p.id)}
                    >
                      {t('customers:partners.open')}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {query.data && (query.data.total > PAGE_SIZE || page > 1) && (
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={query.data.total}
          capped={query.data.total_capped}
          rowsOnPage={rows.length}
          onPage={setPage}
        />
      )}
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
            <DataList.Item>
              <DataList.ItemLabel>{t('customers:fields.email')}</DataList.ItemLabel>
              <DataList.ItemValue>{partner.email ?? '—'}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customers:fields.phone')}</DataList.ItemLabel>
              <DataList.ItemValue>{partner.phone ?? '—'}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customers:partners.commission')}</DataList.ItemLabel>
              <DataList.ItemValue>{bpToPercent(partner.commission_rate_bp)} %</DataList.ItemValue>
            </DataList.Item>
            {partner.rates.map((r) => (
              <DataList.Item key={r.applies_to}>
                <DataList.ItemLabel>{t(`customers:partners.kinds.${r.applies_to}`)}</DataList.ItemLabel>
                <DataList.ItemValue>{bpToPercent(r.rate_bp)} %</DataList.ItemValue>
              </DataList.Item>
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
            {partner.coupons.length === 0 ? (
              <Text color="fg.muted">{t('customers:coupons.empty')}</Text>
            ) : (
              <Table.ScrollArea>
                <Table.Root size="sm" variant="line">
                  <Table.Caption srOnly>{t('customers:coupons.title')}</Table.Caption>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('customers:coupons.code')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('customers:coupons.title_field')}</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">
                        {t('customers:coupons.discount')}
                      </Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">
                        {t('customers:coupons.commission')}
                      </Table.ColumnHeader>
                      <Table.ColumnHeader>{t('customers:coupons.applies_to')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('customers:coupons.validity')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('customers:coupons.status')}</Table.ColumnHeader>
                      {canChange && <Table.ColumnHeader>{t('customers:list.actions')}</Table.ColumnHeader>}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {partner.coupons.map((c) => (
                      <Table.Row key={c.id}>
                        <Table.Cell fontFamily="mono">{c.code}</Table.Cell>
                        <Table.Cell>
                          {c.title}
                          {c.auto_apply && (
                            <Badge ms="2" size="sm">
                              {t('customers:coupons.auto_apply')}
                            </Badge>
                          )}
                        </Table.Cell>
                        <Table.Cell textAlign="end">{discount(c)}</Table.Cell>
                        <Table.Cell textAlign="end">
                          {c.commission_bp === null
                            ? t('customers:coupons.commission_default')
                            : `${bpToPercent(c.commission_bp)} %`}
                        </Table.Cell>
                        <Table.Cell>{t(`customers:coupons.kinds.${c.applies_to}`)}</Table.Cell>
                        <Table.Cell>
                          {c.valid_to === null
                            ? t('customers:coupons.from', { from: formatDay(c.valid_from) })
                            : t('customers:coupons.between', {
                                from: formatDay(c.valid_from),
                                to: formatDay(c.valid_to),
                              })}
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={c.is_active ? 'green' : 'gray'}>
                            {c.is_active ? t('customers:coupons.active') : t('customers:coupons.inactive')}
                          </Badge>
                        </Table.Cell>
                        {canChange && (
                          <Table.Cell>
                            <HStack gap="1">
                              <Button
                                size="xs"
                                variant="outline"
                                aria-label={t('customers:coupons.edit_named', { code: c.code })}
                                onClick={() => setCoupon(c)}
                              >
                                {t('customers:partners.edit')}
                              </Button>
                              <Button
                                size="xs"
                                variant="outline"
                                colorPalette="red"
                                aria-label={t('customers:coupons.delete_named', { code: c.code })}
                                onClick={() => setConfirm({ kind: 'coupon', coupon: c })}
                              >
                                {t('customers:partners.delete')}
                              </Button>
                            </HStack>
                          </Table.Cell>
                        )}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
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
        message={
          confirm?.kind === 'coupon'
            ? t('customers:coupons.delete_confirm', { code: confirm.coupon.code })
            : t('customers:partners.delete_confirm', { name: partner.name })
        }
        busy={removePartner.isPending || removeCoupon.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirm(null)}
      />
    </Card.Root>
  );
}
