import { HStack, Stack, Text } from '@chakra-ui/react';
import type { PriceBreakdown } from '@nine/shared/tax';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { labelPriceRows } from '../../../lib/price-rows.ts';

/**
 * Subtotal, discount, each tax with its rate and the total, worded as the receipts word them: the tax is
 * either a line before the total (added) or "Includes …" after it (included), never both.
 */
export function PriceSummary({
  breakdown,
  money,
  label,
}: {
  breakdown: PriceBreakdown;
  money(minor: number): string;
  /** The accessible name of the summary. */
  label: string;
}) {
  const { t } = useAppTranslation();
  return (
    <Stack as="dl" gap="1" aria-label={label} m="0">
      {labelPriceRows(t, breakdown, currentLanguage()).map((row, index) => (
        <HStack key={`${row.kind}-${index}`} justify="space-between">
          <Text as="dt" fontWeight={row.emphasis ? 'semibold' : undefined}>
            {row.label}
          </Text>
          <Text as="dd" m="0" fontWeight={row.emphasis ? 'semibold' : undefined}>
            {money(row.amount_minor)}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
