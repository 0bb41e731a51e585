import { Alert, Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorCatalogue } from '@nine/shared/errors';
import { KIOSK_PRODUCTS_MAX } from '@nine/shared/schemas/kiosk';
import { SectionCard } from '../../../components/section-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { saveFailureText } from '../../../lib/save-failure.ts';
import { kioskProductsQueryKey, useKioskProducts, type KioskProduct } from '../api/get-kiosk-products.ts';
import { useRentProducts } from '../api/list-rent-products.ts';
import { useUpdateKioskProducts } from '../api/update-kiosk-products.ts';

type Entry = Pick<KioskProduct, 'product_id' | 'name' | 'option' | 'price_minor'>;
type Notice = 'saved' | 'conflict' | null;

const isVersionConflict = (error: unknown) =>
  error instanceof ApiError && error.respCode === errorCatalogue.versionConflict.code;

const label = (entry: Pick<Entry, 'name' | 'option'>) =>
  entry.option ? `${entry.name} (${entry.option})` : entry.name;

/**
 * The location's kiosk list (Local settings' kiosk part, and the kiosk's own admin panel): which rent
 * products the kiosk offers, in which order. Saving replaces the whole list; read-only without
 * location_setting change.
 */
export function KioskProductsEditor({
  canChange,
  currencySymbol,
}: {
  canChange: boolean;
  currencySymbol: string;
}) {
  const saved = useKioskProducts();
  // Kept above the draft, which starts over when the saved list changes (a conflict's message outlives it).
  const [notice, setNotice] = useState<Notice>(null);
  if (saved.isPending) return null;
  return (
    <KioskProductsDraft
      // A save, or another device's save, starts the draft over.
      key={JSON.stringify(saved.data?.products.map((p) => p.product_id) ?? [])}
      initial={saved.data?.products ?? []}
      loadFailed={saved.isError}
      canChange={canChange}
      currencySymbol={currencySymbol}
      notice={notice}
      onNotice={setNotice}
    />
  );
}

function KioskProductsDraft({
  initial,
  loadFailed,
  canChange,
  currencySymbol,
  notice,
  onNotice,
}: {
  initial: Entry[];
  loadFailed: boolean;
  canChange: boolean;
  currencySymbol: string;
  notice: Notice;
  onNotice(notice: Notice): void;
}) {
  const { t } = useAppTranslation();
  const [draft, setDraft] = useState<Entry[]>(initial);
  const catalogue = useRentProducts(canChange);
  const update = useUpdateKioskProducts();
  const selectId = useId();
  const [choice, setChoice] = useState('');
  const chosen = new Set(draft.map((entry) => entry.product_id));
  // Bulk gear only: a kiosk order asks for a quantity, a serialized product's item is picked at the counter.
  const addable = (catalogue.data?.rows ?? []).filter(
    (product) => !product.is_serialized && !chosen.has(product.id),
  );
  const queryClient = useQueryClient();
  const failure =
    notice === 'conflict' ? t('settings:kiosk.editor.conflict') : saveFailureText(update.error, '');

  const change = (next: Entry[]) => {
    onNotice(null);
    setDraft(next);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...draft];
    const [entry] = next.splice(index, 1);
    next.splice(index + by, 0, entry!);
    change(next);
  };
  const add = () => {
    const product = addable.find((p) => String(p.id) === choice);
    if (!product) return;
    change([
      ...draft,
      {
        product_id: product.id,
        name: product.name,
        option: product.option,
        price_minor: product.price_minor,
      },
    ]);
    setChoice('');
  };

  return (
    <SectionCard title={t('settings:kiosk.editor.heading')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('settings:kiosk.editor.intro')}</Text>
        {loadFailed ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('settings:kiosk.load_failed')}</Alert.Title>
          </Alert.Root>
        ) : null}
        {draft.length === 0 ? (
          <Text>{t('settings:kiosk.editor.empty')}</Text>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" aria-label={t('settings:kiosk.editor.heading')}>
            {draft.map((entry, index) => (
              <HStack as="li" key={entry.product_id} gap="2" justify="space-between" wrap="wrap">
                <Text>
                  {label(entry)} · {formatMoney(entry.price_minor, currencySymbol)}
                </Text>
                {canChange ? (
                  <HStack gap="1">
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={index === 0}
                      aria-label={t('settings:kiosk.editor.up', { name: label(entry) })}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={index === draft.length - 1}
                      aria-label={t('settings:kiosk.editor.down', { name: label(entry) })}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="red"
                      aria-label={t('settings:kiosk.editor.remove', { name: label(entry) })}
                      onClick={() => change(draft.filter((other) => other.product_id !== entry.product_id))}
                    >
                      {t('settings:kiosk.editor.remove_short')}
                    </Button>
                  </HStack>
                ) : null}
              </HStack>
            ))}
          </Stack>
        )}
        {canChange ? (
          <>
            <HStack gap="2" align="flex-end" wrap="wrap">
              <Field.Root maxW="sm">
                <Field.Label htmlFor={selectId}>{t('settings:kiosk.editor.product')}</Field.Label>
                <NativeSelect.Root disabled={draft.length >= KIOSK_PRODUCTS_MAX}>
                  <NativeSelect.Field
                    id={selectId}
                    value={choice}
                    onChange={(e) => setChoice(e.currentTarget.value)}
                  >
                    <option value="">{t('settings:kiosk.editor.choose')}</option>
                    {addable.map((product) => (
                      <option key={product.id} value={String(product.id)}>
                        {label(product)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Button variant="outline" onClick={add} disabled={choice === ''}>
                {t('settings:kiosk.editor.add')}
              </Button>
            </HStack>
            {failure !== null ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{failure}</Alert.Title>
              </Alert.Root>
            ) : null}
            <HStack gap="3">
              <Button
                colorPalette="blue"
                alignSelf="flex-start"
                loading={update.isPending}
                onClick={() =>
                  update.mutate(
                    {
                      product_ids: draft.map((entry) => entry.product_id),
                      shown_product_ids: initial.map((entry) => entry.product_id),
                    },
                    {
                      onSuccess: () => onNotice('saved'),
                      // Someone saved first: their list replaces this draft, and the message stays.
                      onError: (error) => {
                        if (isVersionConflict(error)) {
                          onNotice('conflict');
                          void queryClient.invalidateQueries({ queryKey: kioskProductsQueryKey });
                        }
                      },
                    },
                  )
                }
              >
                {t('settings:kiosk.editor.save')}
              </Button>
              <Text role="status" fontSize="sm" color="fg.muted">
                {notice === 'saved' ? t('settings:kiosk.editor.saved') : ''}
              </Text>
            </HStack>
          </>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
