import { Card, Heading } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** A titled card of a record's screen (an order's customer, an invoice's payments): a section named by its heading. */
export function SectionCard({
  title,
  size = 'sm',
  children,
}: {
  title: string;
  /** 'md' for a screen's few large cards (a customer's contact and balance). */
  size?: 'sm' | 'md';
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card.Root as="section" aria-labelledby={titleId} size={size}>
      <Card.Header>
        <Heading as="h2" size="md" id={titleId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
