import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { orderCouponApply } from '@nine/shared/schemas/coupon-settings';
import { fieldsOf } from '../../../components/form/form-fields.tsx';
import { InlineForm } from '../../../components/form/inline-form.tsx';
import { useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { useApplyOrderCoupon } from '../api/apply-order-coupon.ts';
import type { OrderDetail } from '../api/get-order.ts';
import { useOrderCoupons, type AppliedCoupon } from '../api/get-order-coupons.ts';
import { useRemoveOrderCoupon } from '../api/remove-order-coupon.ts';
import type { OrderKind } from '../order-kind.ts';

export interface OrderCouponsProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  canChange: boolean;
  currencySymbol: string;
  /** Injected by tests; a fresh Idempotency-Key otherwise. */
  newKey?: () => string;
}

/** Statuses whose price is settled: the server refuses coupon changes there (1686), so none are offered. */
const SETTLED = new Set(['closed', 'cancelled', 'pre-cancel']);

/**
 * The order's coupons: apply one by its code, remove one, and what they took off. The discount is spread
 * into the lines' discounts, so the order's total above and its next invoice include it.
 */
export function OrderCoupons({
  kind,
  locationId,
  order,
  canChange,
  currencySymbol,
  ...props
}: OrderCouponsProps) {
  const { t } = useAppTranslation();
  const newKey = props.newKey ?? newIdempotencyKey;
  const coupons = useOrderCoupons(kind, locationId, order.id);
  const apply = useApplyOrderCoupon(kind, locationId, order.id);
  const remove = useRemoveOrderCoupon(kind, locationId, order.id);
  // One key per attempt: kept only when the network failed (the retry may replay a stored answer).
  const key = useRef<string | null>(null);
  const [done, setDone] = useState('');
  const form = useSchemaForm(orderCouponApply, {
    defaultValues: { code: '' },
    messages: { code: 'orders:coupons.code_required' },
  });
  const { TextField } = fieldsOf(form.control);
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  const editable = canChange && !SETTLED.has(order.status);

  const submit = form.handleSubmit((body) => {
    if (apply.isPending) return;
    key.current ??= newKey();
    setDone('');
    apply.mutate(
      { body, key: key.current },
      {
        onSuccess: () => {
          key.current = null;
          form.reset({ code: '' });
          setDone(t('orders:coupons.applied', { code: body.code }));
        },
        onError: (error) => {
          if (error instanceof ApiError) key.current = null;
        },
      },
    );
  });

  const describe = (c: AppliedCoupon) =>
    c.discount_kind === 'percent'
      ? t('orders:coupons.percent', {
          rate: formatNumber(c.discount_value / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
        })
      : t('orders:coupons.amount', { amount: money(c.discount_value) });

  const failure = apply.error ?? remove.error;
  const list = coupons.data?.coupons ?? [];
  return (
    <Stack gap="4">
      {coupons.isError ? (
        <Text color="fg.error">{t('orders:coupons.load_failed')}</Text>
      ) : list.length === 0 ? (
        <Text color="fg.muted">
          {coupons.isPending ? t('orders:coupons.loading') : t('orders:coupons.none')}
        </Text>
      ) : (
        <List.Root variant="plain" gap="2" aria-label={t('orders:coupons.applied_list')}>
          {list.map((c) => (
            <List.Item key={c.coupon_id}>
              <HStack justify="space-between" align="flex-start" width="full">
                <Stack gap="0">
                  <Text fontWeight="medium">
                    {c.code} · {c.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {describe(c)}
                  </Text>
                </Stack>
                <HStack gap="3">
                  <Text>{money(-c.discount_minor)}</Text>
                  {editable && (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      loading={remove.isPending && remove.variables === c.coupon_id}
                      disabled={remove.isPending}
                      aria-label={t('orders:coupons.remove_named', { code: c.code })}
                      onClick={() => {
                        setDone('');
                        remove.mutate(c.coupon_id, {
                          onSuccess: () => setDone(t('orders:coupons.removed', { code: c.code })),
                        });
                      }}
                    >
                      {t('orders:coupons.remove')}
                    </Button>
                  )}
                </HStack>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
      {coupons.data !== undefined && coupons.data.discount_minor > 0 && (
        <HStack justify="space-between" borderTopWidth="1px" pt="2">
          <Text fontWeight="semibold">{t('orders:coupons.total_discount')}</Text>
          <Text fontWeight="semibold">{money(-coupons.data.discount_minor)}</Text>
        </HStack>
      )}
      {editable && (
        <InlineForm
          label={t('orders:coupons.apply_form')}
          onSubmit={(event) => void submit(event)}
          submitLabel={t('orders:coupons.apply')}
          pending={apply.isPending}
          error={failure instanceof Error ? failure.message : null}
        >
          <TextField name="code" label={t('orders:coupons.code')} autoComplete="off" />
        </InlineForm>
      )}
      <Text role="status" fontSize="sm" color="fg.success">
        {done}
      </Text>
    </Stack>
  );
}
