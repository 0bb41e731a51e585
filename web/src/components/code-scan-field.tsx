import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useState, type KeyboardEvent, type RefObject } from 'react';

export interface ScanFieldProps {
  label: string;
  hint: string;
  submitLabel: string;
  /** A scanner wedge types the code and presses Enter: each Enter is one scan (or one typed code). */
  onScan(code: string): void;
  /** Keys handled while the field is empty (+ and − at the quick-sale counter). */
  onEmptyKey?(key: string): boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  busy?: boolean;
  maxLength?: number;
  /** Width cap of the field and its button; full width by default. */
  maxW?: string;
}

/** The scan-or-type field: focus stays here so the next scan lands without touching the mouse. */
export function ScanField({
  label,
  hint,
  submitLabel,
  onScan,
  onEmptyKey,
  inputRef,
  busy,
  maxLength,
  maxW,
}: ScanFieldProps) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = code.trim();
        if (trimmed === '') return;
        onScan(trimmed);
        setCode('');
      }}
    >
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <HStack width="full" maxW={maxW} gap="2">
          <Input
            ref={inputRef}
            name="code"
            autoComplete="off"
            autoFocus
            maxLength={maxLength}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
              if (code === '' && onEmptyKey?.(event.key)) event.preventDefault();
            }}
          />
          <Button type="submit" variant="outline" loading={busy}>
            {submitLabel}
          </Button>
        </HStack>
        <Field.HelperText>{hint}</Field.HelperText>
      </Field.Root>
    </form>
  );
}
