import { Alert, Button, Field, Grid, HStack, Input, List, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import type { OrderParticipantInput } from '@nine/shared/schemas/orders';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { addParticipant, removeParticipant, useOrderChange } from '../api/order-customer-info.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';

export interface OrderParticipantsProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  canChange: boolean;
}

const wholeNumber = (value: string, min: number, max: number): number | null | undefined => {
  if (value.trim() === '') return null;
  if (!/^\d{1,3}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
};

/** Who takes part (spec: customer info, participants): name, and optional age, weight and notes. */
export function OrderParticipants({ kind, locationId, order, canChange }: OrderParticipantsProps) {
  const { t } = useAppTranslation();
  const add = useOrderChange(kind, locationId, order.id, (body: OrderParticipantInput) =>
    addParticipant(kind, order.id, body),
  );
  const remove = useOrderChange(kind, locationId, order.id, (participantId: number) =>
    removeParticipant(kind, order.id, participantId),
  );
  const [name, setName] = useState('');
  const [age, setAge] = useState('');
  const [weight, setWeight] = useState('');
  const [notes, setNotes] = useState('');
  const [done, setDone] = useState('');

  const ageValue = wholeNumber(age, 0, 130);
  const weightValue = wholeNumber(weight, 1, 400);
  const valid = name.trim() !== '' && ageValue !== undefined && weightValue !== undefined;

  return (
    <Stack gap="4">
      {order.participants.length === 0 ? (
        <Text color="fg.muted">{t('orders:participants.none')}</Text>
      ) : (
        <List.Root variant="plain" gap="2" aria-label={t('orders:participants.title')}>
          {order.participants.map((p) => (
            <List.Item key={p.id}>
              <HStack justify="space-between" align="flex-start" width="full">
                <Stack gap="0">
                  <Text fontWeight="medium">{p.name}</Text>
                  {(p.age !== null || p.weight_kg !== null) && (
                    <Text fontSize="sm" color="fg.muted">
                      {p.age !== null && p.weight_kg !== null
                        ? t('orders:participants.details', { age: p.age, weight: p.weight_kg })
                        : p.age !== null
                          ? t('orders:participants.age_only', { age: p.age })
                          : t('orders:participants.weight_only', { weight: p.weight_kg })}
                    </Text>
                  )}
                  {p.notes && <Text fontSize="sm">{p.notes}</Text>}
                </Stack>
                {canChange && (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('orders:participants.remove', { name: p.name })}
                    loading={remove.isPending && remove.variables === p.id}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(p.id, { onSuccess: () => setDone(t('orders:participants.removed')) })
                    }
                  >
                    ✕
                  </Button>
                )}
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}

      {canChange && (
        <chakra.form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid || add.isPending) return;
            add.mutate(
              {
                name: name.trim(),
                age: ageValue ?? null,
                weight_kg: weightValue ?? null,
                notes: notes.trim() || null,
              },
              {
                onSuccess: () => {
                  setName('');
                  setAge('');
                  setWeight('');
                  setNotes('');
                  setDone(t('orders:participants.added'));
                },
              },
            );
          }}
        >
          <Stack gap="3">
            <Grid templateColumns={{ base: '1fr', sm: '2fr 1fr 1fr' }} gap="3">
              <Field.Root required>
                <Field.Label>
                  {t('orders:participants.name')} <Field.RequiredIndicator />
                </Field.Label>
                <Input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
              </Field.Root>
              <Field.Root invalid={ageValue === undefined}>
                <Field.Label>{t('orders:participants.age')}</Field.Label>
                <Input inputMode="numeric" value={age} onChange={(e) => setAge(e.target.value)} />
              </Field.Root>
              <Field.Root invalid={weightValue === undefined}>
                <Field.Label>{t('orders:participants.weight_kg')}</Field.Label>
                <Input inputMode="numeric" value={weight} onChange={(e) => setWeight(e.target.value)} />
              </Field.Root>
            </Grid>
            <Field.Root>
              <Field.Label>{t('orders:participants.notes')}</Field.Label>
              <Input value={notes} maxLength={500} onChange={(e) => setNotes(e.target.value)} />
            </Field.Root>
            <HStack justify="space-between" wrap="wrap">
              <Text role="status" fontSize="sm" color="fg.success">
                {done}
              </Text>
              <Button type="submit" size="sm" disabled={!valid} loading={add.isPending}>
                {t('orders:participants.add')}
              </Button>
            </HStack>
            {(add.isError || remove.isError) && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{(add.error ?? remove.error)?.message}</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        </chakra.form>
      )}
    </Stack>
  );
}
