import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import SignaturePad from 'signature_pad';
import { useEffect, useId, useRef, useState } from 'react';
import { useAppTranslation } from '../lib/i18n.ts';

// Above 2 the PNG grows (a 3x phone triples each side) without a signature looking any better.
const MAX_RATIO = 2;
// A typed name is drawn in a handwriting face where the device has one.
const TYPED_FONT = '"Segoe Script", "Brush Script MT", "Snell Roundhand", "URW Chancery L", cursive';
const TYPED_MAX_PX = 48;

/** Draws a typed name centred on the pad's canvas (in CSS pixels: the context is already scaled), shrunk to fit. */
function drawTypedName(element: HTMLCanvasElement, name: string): void {
  const context = element.getContext('2d');
  if (!context) return;
  const width = element.offsetWidth;
  const height = element.offsetHeight;
  let size = Math.min(TYPED_MAX_PX, height * 0.5);
  context.font = `italic ${size}px ${TYPED_FONT}`;
  const measured = context.measureText(name).width;
  if (measured > width * 0.9) {
    size = Math.max(12, (size * width * 0.9) / measured);
    context.font = `italic ${size}px ${TYPED_FONT}`;
  }
  context.fillStyle = '#1a1a1a';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(name, width / 2, height / 2);
}

export interface SignaturePadFieldProps {
  /** The drawn signature as a PNG data URL after each stroke, or null once cleared. */
  onChange(png: string | null): void;
  /** Visible label above the pad; the default names it a signature. */
  label?: string;
  /** CSS height of the drawing area. */
  height?: number;
  /** Shown under the pad (a required signature not drawn yet). */
  error?: string;
  disabled?: boolean;
}

/**
 * A drawn signature (signature_pad: smooth strokes from mouse, pen or finger). Drawing is the default; whoever
 * cannot draw (keyboard only, a screen reader) types their name instead, which is drawn onto the same canvas
 * in a handwriting face, so the waiver still receives a PNG. A screen reader hears what the pad is for,
 * whether it holds a signature, and reaches every button from the keyboard.
 */
export function SignaturePadField({
  onChange,
  label,
  height = 180,
  error,
  disabled,
}: SignaturePadFieldProps) {
  const { t } = useAppTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [signed, setSigned] = useState(false);
  const report = useRef(onChange);
  report.current = onChange;
  const id = useId();
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  // What the canvas shows in typed mode, redrawn after a resize clears it.
  const typedName = useRef<string | null>(null);

  /** Shows the typed name on the canvas (nothing when blank) and reports its PNG, or null. */
  const showTyped = (name: string) => {
    const element = canvas.current;
    const signature = pad.current;
    if (!element || !signature) return;
    typedName.current = name;
    signature.clear();
    const text = name.trim();
    if (text !== '') drawTypedName(element, text);
    const png = text === '' ? null : element.toDataURL('image/png');
    setSigned(png !== null);
    report.current(png);
  };

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { penColor: '#1a1a1a', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = signature;
    const onEnd = () => {
      const png = signature.isEmpty() ? null : signature.toDataURL('image/png');
      setSigned(png !== null);
      report.current(png);
    };
    signature.addEventListener('endStroke', onEnd);
    // The canvas backing store follows its CSS size times the pixel ratio, or strokes come out blurred and
    // offset; a resize (rotating the phone) redraws the strokes kept as points.
    let width = 0;
    const fit = () => {
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_RATIO);
      const cssWidth = element.offsetWidth;
      if (cssWidth === 0 || cssWidth === width) return;
      width = cssWidth;
      const strokes = signature.toData();
      element.width = cssWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      if (typedName.current !== null) {
        if (typedName.current.trim() !== '') drawTypedName(element, typedName.current.trim());
      } else if (strokes.length > 0) signature.fromData(strokes);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      signature.removeEventListener('endStroke', onEnd);
      signature.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    // Typed mode takes no strokes either: the canvas only shows the name.
    if (disabled || typing) pad.current?.off();
    else pad.current?.on();
  }, [disabled, typing]);

  const clear = () => {
    pad.current?.clear();
    if (typing) {
      typedName.current = '';
      setTyped('');
    }
    setSigned(false);
    report.current(null);
  };

  const switchMode = () => {
    const next = !typing;
    setTyping(next);
    setTyped('');
    typedName.current = next ? '' : null;
    pad.current?.clear();
    setSigned(false);
    report.current(null);
  };

  return (
    <Stack gap="2">
      <Text as="span" id={`${id}-label`} fontWeight="medium" fontSize="sm">
        {label ?? t('common:signature.pad_title')}
      </Text>
      <Text id={`${id}-help`} fontSize="sm" color="fg.muted">
        {t('common:signature.pad_instructions')}
      </Text>
      <Box
        borderWidth="1px"
        borderColor={error ? 'border.error' : 'border'}
        borderRadius="l2"
        bg="white"
        overflow="hidden"
      >
        <canvas
          ref={canvas}
          role="img"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-help ${id}-state`}
          style={{ display: 'block', width: '100%', height: `${height}px`, touchAction: 'none' }}
        />
      </Box>
      {typing && (
        <Field.Root disabled={disabled}>
          <Field.Label>{t('common:signature.signer_name')}</Field.Label>
          <Input
            value={typed}
            autoComplete="name"
            maxLength={120}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              showTyped(event.currentTarget.value);
            }}
          />
          <Field.HelperText>{t('common:signature.typed_hint')}</Field.HelperText>
        </Field.Root>
      )}
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text id={`${id}-state`} fontSize="sm" color={error ? 'fg.error' : 'fg.muted'} aria-live="polite">
          {error ?? (signed ? t('common:signature.pad_signed') : t('common:signature.pad_unsigned'))}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="ghost" onClick={switchMode} disabled={disabled}>
            {typing ? t('common:signature.use_drawn') : t('common:signature.use_typed')}
          </Button>
          <Button size="sm" variant="outline" onClick={clear} disabled={disabled || !signed}>
            {t('common:signature.clear')}
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
}
