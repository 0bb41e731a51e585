import { Alert, Button, Grid, HStack, List, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { orderParticipantInput, type OrderParticipantInput } from '@nine/shared/schemas/orders';
import { applyServerIssues, useSchemaForm } from '../../../components/form/use-schema-form.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { addParticipant, removeParticipant, useOrderChange } from '../api/order-customer-info.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';
import type { SchemaInput } from '../schema-input.ts';
import { fieldsOf } from '../../../components/form/form-fields.tsx';

export interface OrderParticipantsProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  canChange: boolean;
}

type Values = SchemaInput<typeof orderParticipantInput>;

const EMPTY: Values = { name: '', age: null, weight_kg: null, notes: '' };

/** Who takes part (spec: customer info, participants): name, and optional age, weight and notes. */
export function OrderParticipants({ kind, locationId, order, canChange }: OrderParticipantsProps) {
  const { t } = useAppTranslation();
  const add = useOrderChange(kind, locationId, order.id, (body: OrderParticipantInput) =>
    addParticipant(kind, order.id, body),
  );
  const remove = useOrderChange(kind, locationId, order.id, (participantId: number) =>
    removeParticipant(kind, order.id, participantId),
  );
  const [done, setDone] = useState('');
  const form = useSchemaForm(orderParticipantInput, {
    defaultValues: EMPTY,
    messages: { age: { number: 'common:form.invalid' }, weight_kg: { number: 'common:form.invalid' } },
  });
  const submit = form.handleSubmit((participant) => {
    if (add.isPending) return;
    add.mutate(
      {
        ...participant,
        age: participant.age ?? null,
        weight_kg: participant.weight_kg ?? null,
        notes: participant.notes || null,
      },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          setDone(t('orders:participants.added'));
        },
        onError: (error) => {
          if (applyServerIssues(form, error)) add.reset();
        },
      },
    );
  });

  const { TextField, WholeNumberField } = fieldsOf(form.control);
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
        <chakra.form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="3">
            <Grid templateColumns={{ base: '1fr', sm: '2fr 1fr 1fr' }} gap="3">
              <TextField name="name" label={t('orders:participants.name')} required maxLength={120} />
              <WholeNumberField name="age" label={t('orders:participants.age')} />
              <WholeNumberField name="weight_kg" label={t('orders:participants.weight_kg')} />
            </Grid>
            <TextField name="notes" label={t('orders:participants.notes')} maxLength={500} />
            <HStack justify="space-between" wrap="wrap">
              <Text role="status" fontSize="sm" color="fg.success">
                {done}
              </Text>
              <Button type="submit" size="sm" loading={add.isPending}>
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
