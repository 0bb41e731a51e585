import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useImperativeHandle, useRef, useState, type PointerEvent, type Ref } from 'react';
import type { OrderSignatureInput } from '@nine/shared/schemas/orders';
import { useAppTranslation } from '../lib/i18n.ts';

const PAD_WIDTH = 480;
const PAD_HEIGHT = 160;

/** What the form reads when it submits: the body to send, or why there is none yet. */
export type SignatureReading =
  { ok: true; body: OrderSignatureInput } | { ok: false; reason: 'no_name' | 'empty_pad' };

export interface SignatureInputHandle {
  read(): SignatureReading;
  clear(): void;
}

export interface SignatureInputProps {
  ref?: Ref<SignatureInputHandle>;
  defaultSigner?: string;
  /** 'lg' for a touch screen the customer uses standing (the kiosk). */
  size?: 'md' | 'lg';
  /** Told whether a name is given as it changes, so the form can enable its button. */
  onNamedChange?(named: boolean): void;
}

/**
 * A signature: the signer's name and a pad to draw on (mouse, pen or finger), or, for anyone who cannot
 * draw (keyboard only, screen reader), the typed name, which the server turns into the signature image.
 */
export function SignatureInput({ ref, defaultSigner = '', size = 'md', onNamedChange }: SignatureInputProps) {
  const { t } = useAppTranslation();
  const [method, setMethod] = useState<'drawn' | 'typed'>('drawn');
  const [signer, setSigner] = useState(defaultSigner);
  const [drawn, setDrawn] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const large = size === 'lg';

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
  // The pad comes back blank when drawing is chosen again.
  const switchTo = (how: 'drawn' | 'typed') => {
    setMethod(how);
    setDrawn(false);
  };

  useImperativeHandle(ref, () => ({
    read: () => {
      const name = signer.trim();
      if (name === '') return { ok: false, reason: 'no_name' };
      if (method === 'typed') return { ok: true, body: { method: 'typed', signer_name: name } };
      const image = drawn ? canvas.current?.toDataURL('image/png') : undefined;
      if (!image) return { ok: false, reason: 'empty_pad' };
      return { ok: true, body: { method: 'drawn', signer_name: name, image } };
    },
    clear: clearPad,
  }));

  return (
    <Stack gap="3">
      <Field.Root required>
        <Field.Label fontSize={large ? 'xl' : undefined}>
          {t('common:signature.signer_name')} <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={signer}
          maxLength={120}
          autoComplete="off"
          size={large ? '2xl' : undefined}
          onChange={(e) => {
            setSigner(e.target.value);
            onNamedChange?.(e.target.value.trim() !== '');
          }}
        />
      </Field.Root>
      {method === 'drawn' ? (
        <Stack gap="2">
          <Box borderWidth="1px" borderRadius="l2" bg="white" maxW={large ? 'full' : `${PAD_WIDTH}px`}>
            <canvas
              ref={canvas}
              width={PAD_WIDTH}
              height={PAD_HEIGHT}
              role="img"
              aria-label={t('common:signature.pad_label')}
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
          <Text fontSize={large ? 'md' : 'xs'} color="fg.muted">
            {t('common:signature.pad_label')}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button size={large ? 'lg' : 'xs'} variant="ghost" onClick={clearPad} disabled={!drawn}>
              {t('common:signature.clear')}
            </Button>
            <Button size={large ? 'lg' : 'xs'} variant="outline" onClick={() => switchTo('typed')}>
              {t('common:signature.use_typed')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="2">
          <Text fontSize={large ? 'md' : 'sm'} color="fg.muted">
            {t('common:signature.typed_hint')}
          </Text>
          <Button
            size={large ? 'lg' : 'xs'}
            variant="outline"
            alignSelf="flex-start"
            onClick={() => switchTo('drawn')}
          >
            {t('common:signature.use_drawn')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
