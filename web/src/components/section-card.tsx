import { Card, Heading } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/** A titled card of a record's screen (an order's customer, an invoice's payments): a section named by its heading. */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card.Root as="section" aria-labelledby={titleId} size="sm">
      <Card.Header>
        <Heading as="h2" size="md" id={titleId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
