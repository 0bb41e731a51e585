import { Button, type ButtonProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface RowActionButtonProps extends Omit<ButtonProps, 'children' | 'aria-label'> {
  /** What the button shows ("Edit"). */
  label: ReactNode;
  /** Its accessible name, which says the row ("Edit Ann Lee"): a list has one such button a row. */
  name: string;
}

/** A list row's action: a small outline button named after its row. */
export function RowActionButton({ label, name, ...props }: RowActionButtonProps) {
  return (
    <Button size="xs" variant="outline" aria-label={name} {...props}>
      {label}
    </Button>
  );
}
