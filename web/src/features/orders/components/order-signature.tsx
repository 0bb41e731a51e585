import { Alert, Box, Button, Field, HStack, Image, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useRef, useState, type PointerEvent } from 'react';
import type { OrderSignatureInput } from '@nine/shared/schemas/orders';
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

const PAD_WIDTH = 480;
const PAD_HEIGHT = 160;

/**
 * The customer's signature: drawn on a pad (mouse, pen or finger), or, for anyone who cannot draw
 * (keyboard only, screen reader), the typed name, which the server turns into the signature image.
 */
export function OrderSignature({ kind, locationId, order, canChange }: OrderSignatureProps) {
  const { t } = useAppTranslation();
  const sign = useOrderChange(kind, locationId, order.id, (body: OrderSignatureInput) =>
    signOrder(kind, order.id, body),
  );
  const [editing, setEditing] = useState(order.signature === null);
  const [method, setMethod] = useState<'drawn' | 'typed'>('drawn');
  const [signer, setSigner] = useState(order.signature?.signer_name ?? order.customer?.name ?? '');
  const [drawn, setDrawn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / (box.width || PAD_WIDTH)) * PAD_WIDTH,
      y: ((event.clientY - box.top) / (box.height || PAD_HEIGHT)) * PAD_HEIGHT,
    };
  };
  const stroke = (to: { x: number; y: number }) => {
    const context = canvas.current?.getContext('2d');
    const from = last.current;
    last.current = to;
    if (!context || !from) return;
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.strokeStyle = '#1a1a1a';
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    setDrawn(true);
  };
  const clearPad = () => {
    canvas.current?.getContext('2d')?.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
    setDrawn(false);
  };

  const submit = () => {
    setProblem(null);
    if (signer.trim() === '') return;
    let body: OrderSignatureInput;
    if (method === 'typed') body = { method: 'typed', signer_name: signer.trim() };
    else {
      const image = drawn ? canvas.current?.toDataURL('image/png') : undefined;
      if (!image) return setProblem(t('orders:signature.empty_pad'));
      body = { method: 'drawn', signer_name: signer.trim(), image };
    }
    sign.mutate(body, {
      onSuccess: () => {
        setEditing(false);
        clearPad();
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
            <Field.Root required>
              <Field.Label>
                {t('orders:signature.signer_name')} <Field.RequiredIndicator />
              </Field.Label>
              <Input value={signer} maxLength={120} onChange={(e) => setSigner(e.target.value)} />
            </Field.Root>
            {method === 'drawn' ? (
              <Stack gap="2">
                <Box borderWidth="1px" borderRadius="l2" bg="white" maxW={`${PAD_WIDTH}px`}>
                  <canvas
                    ref={canvas}
                    width={PAD_WIDTH}
                    height={PAD_HEIGHT}
                    role="img"
                    aria-label={t('orders:signature.pad_label')}
                    style={{ display: 'block', width: '100%', height: 'auto', touchAction: 'none' }}
                    onPointerDown={(event) => {
                      event.currentTarget.setPointerCapture?.(event.pointerId);
                      last.current = point(event);
                    }}
                    onPointerMove={(event) => {
                      if (last.current) stroke(point(event));
                    }}
                    onPointerUp={() => {
                      last.current = null;
                    }}
                    onPointerLeave={() => {
                      last.current = null;
                    }}
                  />
                </Box>
                <Text fontSize="xs" color="fg.muted">
                  {t('orders:signature.pad_label')}
                </Text>
                <HStack gap="2" wrap="wrap">
                  <Button size="xs" variant="ghost" onClick={clearPad} disabled={!drawn}>
                    {t('orders:signature.clear')}
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => setMethod('typed')}>
                    {t('orders:signature.use_typed')}
                  </Button>
                </HStack>
              </Stack>
            ) : (
              <Stack gap="2">
                <Text fontSize="sm" color="fg.muted">
                  {t('orders:signature.typed_hint')}
                </Text>
                <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setMethod('drawn')}>
                  {t('orders:signature.use_drawn')}
                </Button>
              </Stack>
            )}
            {(problem !== null || sign.isError) && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{problem ?? sign.error?.message}</Alert.Title>
              </Alert.Root>
            )}
            <Button
              type="submit"
              size="sm"
              alignSelf="flex-start"
              disabled={signer.trim() === ''}
              loading={sign.isPending}
            >
              {t('orders:signature.save')}
            </Button>
          </Stack>
        </chakra.form>
      )}
    </Stack>
  );
}
