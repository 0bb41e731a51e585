import { Box, HStack, Text, chakra } from '@chakra-ui/react';
import type { OrderListRow } from '@nine/shared/schemas/orders';
import { useAppTranslation } from '../../../lib/i18n.ts';

export type OrderFlag = keyof OrderListRow['flags'];

/** The flags of spec section 3, in the order they show. */
export const orderFlags: readonly OrderFlag[] = [
  'not_balanced',
  'deposit_in_custody',
  'order_image',
  'staff_note',
  'customer_note',
  'cc_skipped',
  'has_delivery',
];

// 24×24 outline glyphs (stroke drawn), kept here: the app ships no icon library.
const paths: Record<OrderFlag, string> = {
  not_balanced: 'M12 3v18M5 7h14M5 7l-3 7a4 3 0 0 0 6 0zM19 7l-3 7a4 3 0 0 0 6 0z',
  deposit_in_custody: 'M4 10l8-6 8 6M5 10v9h14v-9M9 19v-5h6v5',
  order_image: 'M4 7h3l2-3h6l2 3h3v12H4zM12 10a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  staff_note: 'M5 4h10l4 4v12H5zM15 4v4h4M8 12h8M8 16h6',
  customer_note: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  cc_skipped: 'M3 6h18v12H3zM3 10h18M4 4l16 16',
  has_delivery:
    'M2 7h11v9H2zM13 10h4l4 3v3h-8zM6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
};

export function FlagIcon({ flag, label }: { flag: OrderFlag; label: string }) {
  return (
    <chakra.svg
      role="img"
      aria-label={label}
      viewBox="0 0 24 24"
      width="4"
      height="4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      flexShrink={0}
      color={flag === 'not_balanced' ? 'fg.error' : 'fg.muted'}
    >
      <title>{label}</title>
      <path d={paths[flag]} />
    </chakra.svg>
  );
}

/** The set flags of an order as icons, each with an accessible name (and a tooltip from its title). */
export function OrderFlags({ flags }: { flags: OrderListRow['flags'] }) {
  const { t } = useAppTranslation();
  const set = orderFlags.filter((flag) => flags[flag]);
  if (set.length === 0) {
    return (
      <Text as="span" color="fg.subtle" fontSize="xs">
        {t('orders:list.no_flags')}
      </Text>
    );
  }
  return (
    <HStack as="span" gap="1.5" wrap="wrap">
      {set.map((flag) => (
        <Box as="span" key={flag} display="inline-flex">
          <FlagIcon flag={flag} label={t(`orders:flags.${flag}`)} />
        </Box>
      ))}
    </HStack>
  );
}
