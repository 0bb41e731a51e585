import { Alert, Box, Button, Image, Stack, Text, chakra } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { OrderSignatureInput } from '@nine/shared/schemas/orders';
import { SignatureInput, type SignatureInputHandle } from '../../../components/signature-input.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { signOrder, useOrderChange } from '../api/order-customer-info.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';
import { formatDateTime } from '../../../lib/format.ts';

export interface OrderSignatureProps {
  kind: OrderKind;
  locationId: number;
  order: OrderDetail;
  canChange: boolean;
}

/** The order's customer signature: shown when there is one, taken (again) with the signature input. */
export function OrderSignature({ kind, locationId, order, canChange }: OrderSignatureProps) {
  const { t } = useAppTranslation();
  const sign = useOrderChange(kind, locationId, order.id, (body: OrderSignatureInput) =>
    signOrder(kind, order.id, body),
  );
  const [editing, setEditing] = useState(order.signature === null);
  const defaultSigner = order.signature?.signer_name ?? order.customer?.name ?? '';
  const [named, setNamed] = useState(defaultSigner.trim() !== '');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const input = useRef<SignatureInputHandle>(null);

  const submit = () => {
    setProblem(null);
    const reading = input.current?.read();
    if (!reading) return;
    if (!reading.ok) {
      if (reading.reason === 'empty_pad') setProblem(t('common:signature.empty_pad'));
      return;
    }
    sign.mutate(reading.body, {
      onSuccess: () => {
        setEditing(false);
        setDone(t('orders:signature.saved'));
      },
    });
  };

  return (
    <Stack gap="3">
      {order.signature !== null ? (
        <Stack gap="1">
          <Box borderWidth="1px" borderRadius="l2" bg="white" p="2" maxW="sm">
            <Image
              src={order.signature.image}
              alt={t('orders:signature.image_alt', { name: order.signature.signer_name })}
              maxH="24"
            />
          </Box>
          <Text fontSize="sm">
            {t('orders:signature.signed', {
              name: order.signature.signer_name,
              at: formatDateTime(order.signature.signed_at),
            })}
          </Text>
          {order.signature.signed_by && (
            <Text fontSize="xs" color="fg.muted">
              {t('orders:signature.recorded_by', { user: order.signature.signed_by })}
            </Text>
          )}
        </Stack>
      ) : (
        <Text color="fg.muted">{t('orders:signature.none')}</Text>
      )}
      <Text role="status" fontSize="sm" color="fg.success">
        {done}
      </Text>

      {canChange && !editing && (
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setEditing(true)}>
          {t('orders:signature.sign_again')}
        </Button>
      )}
      {canChange && editing && (
        <chakra.form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="3">
            <SignatureInput ref={input} defaultSigner={defaultSigner} onNamedChange={setNamed} />
            {(problem !== null || sign.isError) && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{problem ?? sign.error?.message}</Alert.Title>
              </Alert.Root>
            )}
            <Button type="submit" size="sm" alignSelf="flex-start" disabled={!named} loading={sign.isPending}>
              {t('orders:signature.save')}
            </Button>
          </Stack>
        </chakra.form>
      )}
    </Stack>
  );
}
