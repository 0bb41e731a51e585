import { Card, Heading } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** A titled card of a record's screen (an order's customer, an invoice's payments): a section named by its heading. */
export function SectionCard({
  title,
  size = 'sm',
  id,
  children,
}: {
  title: string;
  /** 'md' for a screen's few large cards (a customer's contact and balance). */
  size?: 'sm' | 'md';
  /** An anchor that links jump to (`#order-deposits`); the card scrolls in with a little room above. */
  id?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card.Root
      as="section"
      id={id}
      aria-labelledby={titleId}
      size={size}
      scrollMarginTop={id === undefined ? undefined : '4'}
    >
      <Card.Header>
        <Heading as="h2" size="md" id={titleId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
