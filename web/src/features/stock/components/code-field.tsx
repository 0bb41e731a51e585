import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useState } from 'react';

export interface CodeFieldProps {
  label: string;
  hint: string;
  submitLabel: string;
  onCode(code: string): void;
  busy?: boolean;
}

/** Type a code and press Enter (scanners reach the screen through the page's scanner instead). */
export function CodeField({ label, hint, submitLabel, onCode, busy }: CodeFieldProps) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = code.trim();
        if (trimmed === '') return;
        onCode(trimmed);
        setCode('');
      }}
    >
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <HStack width="full" maxW="lg" gap="2">
          <Input
            name="code"
            autoComplete="off"
            autoFocus
            maxLength={64}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
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
