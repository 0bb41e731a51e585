import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link } from 'wouter';

export interface LinkTarget {
  label: string;
  href: string;
}

/** Small buttons that are real links (a record's print pages), so they also open in a new tab. */
export function LinkButtons({
  links,
  variant,
}: {
  links: readonly LinkTarget[];
  variant: ButtonProps['variant'];
}) {
  return (
    <>
      {links.map((link) => (
        <Button key={link.href} asChild size="sm" variant={variant}>
          <Link href={link.href}>{link.label}</Link>
        </Button>
      ))}
    </>
  );
}
