import { Box, HStack, Link as ChakraLink, Text, chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useAppTranslation } from '../lib/i18n.ts';

/** A4 for the office printer, or a receipt roll width (spec section 9: a 55 mm variant). */
export type PrintWidth = 'a4' | '80mm' | '55mm';

/** The print stylesheet: page size and margins, and nothing on paper but the document. */
export function printStylesheet(width: PrintWidth): string {
  const page =
    width === 'a4' ? '@page { size: A4; margin: 12mm; }' : `@page { size: ${width} auto; margin: 2mm; }`;
  return `${page}
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  .nine-no-print { display: none !important; }
  .nine-print-sheet { box-shadow: none !important; border: 0 !important; margin: 0 !important; padding: 0 !important; }
}`;
}

export interface PrintScreenProps {
  width: PrintWidth;
  /** The print buttons; they and the back link stay off paper. */
  controls: ReactNode;
  backHref: string;
  backLabel: string;
  loading: boolean;
  /** Why the document could not be loaded. */
  error: string | null;
  /** The sheet, once loaded. */
  children: ReactNode;
}

/** The page around a printable sheet: controls and back link, loading and error, and the print stylesheet. */
export function PrintScreen({
  width,
  controls,
  backHref,
  backLabel,
  loading,
  error,
  children,
}: PrintScreenProps) {
  const { t } = useAppTranslation();
  return (
    <Box bg={{ base: 'bg.muted', _print: 'white' }} minH="100dvh" py={{ base: '6', _print: '0' }} px="2">
      <style>{printStylesheet(width)}</style>
      <HStack className="nine-no-print" justify="center" gap="3" mb="4" wrap="wrap" align="flex-start">
        {controls}
        <ChakraLink asChild colorPalette="blue" variant="underline" mt="2">
          <Link href={backHref}>{backLabel}</Link>
        </ChakraLink>
      </HStack>
      {loading && (
        <Text className="nine-no-print" textAlign="center">
          {t('common:loading')}
        </Text>
      )}
      {error !== null && (
        <Text className="nine-no-print" role="alert" textAlign="center">
          {error}
        </Text>
      )}
      {children}
    </Box>
  );
}

const sheetWidth: Record<PrintWidth, string> = { a4: '186mm', '80mm': '76mm', '55mm': '51mm' };

export interface PrintSheetProps {
  width: PrintWidth;
  /** The accessible name of the sheet. */
  label?: string;
  /** The shop's print header from the settings (address, phone…), centred above the heading. */
  header: string | null;
  heading: string;
  /** Printed last on a receipt only ('Thank you'). */
  receiptFooter: string;
  children: ReactNode;
}

/** One printed document: the settings' header and the heading, the body, and on a receipt the footer. */
export function PrintSheet({ width, label, header, heading, receiptFooter, children }: PrintSheetProps) {
  const receipt = width !== 'a4';
  return (
    <Box
      as="article"
      aria-label={label}
      className="nine-print-sheet"
      bg="white"
      color="black"
      mx="auto"
      width={sheetWidth[width]}
      maxW="full"
      p={receipt ? '2' : '8'}
      shadow="md"
      fontSize={receipt ? '9pt' : '10pt'}
      fontFamily={receipt ? 'mono' : undefined}
    >
      {header !== null && header.trim() !== '' && (
        <Text whiteSpace="pre-line" textAlign="center" mb="3" fontWeight="semibold">
          {header}
        </Text>
      )}
      <Text
        as="h1"
        fontSize={receipt ? '11pt' : '16pt'}
        fontWeight="bold"
        textAlign={receipt ? 'center' : 'start'}
      >
        {heading}
      </Text>
      {children}
      {receipt && (
        <Text mt="3" textAlign="center">
          {receiptFooter}
        </Text>
      )}
    </Box>
  );
}

/**
 * An A4 report sheet: the location's name above the heading, then the report. Not `PrintSheet`: a report
 * has no print header or footer, and a wide one sets a smaller `fontSize` to fit across the page.
 */
export function ReportSheet({
  locationName,
  heading,
  fontSize = '10pt',
  children,
}: {
  locationName: string | null;
  heading: string;
  fontSize?: '9pt' | '10pt';
  children: ReactNode;
}) {
  return (
    <Box
      as="article"
      className="nine-print-sheet"
      bg="white"
      color="black"
      mx="auto"
      width={sheetWidth.a4}
      maxW="full"
      p="8"
      shadow="md"
      fontSize={fontSize}
    >
      {locationName !== null && <Text fontWeight="semibold">{locationName}</Text>}
      <Text as="h1" fontSize="16pt" fontWeight="bold" mb="1">
        {heading}
      </Text>
      {children}
    </Box>
  );
}

const Cell = chakra('td', { base: { py: '1', pe: '2', verticalAlign: 'top' } });
const HeadCell = chakra('th', {
  base: { py: '1', pe: '2', textAlign: 'start', borderBottom: '1px solid #000' },
});

/** The label and amount rows under the lines: right-aligned on A4, full width on a receipt. */
export function PrintTotals({
  receipt,
  width,
  rows,
}: {
  receipt: boolean;
  /** The block's width on A4. */
  width: string;
  rows: readonly (readonly [string, string])[];
}) {
  return (
    <Box mt="3" ms={receipt ? undefined : 'auto'} width={receipt ? 'full' : width}>
      {rows.map(([label, value]) => (
        <HStack key={label} justify="space-between">
          <Text>{label}</Text>
          <Text fontWeight="semibold">{value}</Text>
        </HStack>
      ))}
    </Box>
  );
}

export interface PrintLine {
  key: number;
  /** The line's name on a receipt. */
  description: string;
  quantity: number;
  /** The formatted unit price and line amount. */
  price: string;
  amount: string;
  /** A smaller line under it on a receipt: the line's discount, its tax. */
  detail?: string;
  /** The A4 table's row, one cell per heading; all but the first are right-aligned numbers. */
  cells: readonly ReactNode[];
}

/**
 * The document's lines: a table on A4; on a receipt roll, too narrow for a table, each line takes two rows
 * (name, then quantity × price and amount) between dashed rules.
 */
export function PrintLines({
  receipt,
  headings,
  lines,
}: {
  receipt: boolean;
  headings: readonly string[];
  lines: readonly PrintLine[];
}) {
  if (receipt) {
    return (
      <Box borderTop="1px dashed #000" borderBottom="1px dashed #000" py="1">
        {lines.map((line) => (
          <Box key={line.key} py="0.5">
            <Text>{line.description}</Text>
            <HStack justify="space-between">
              <Text>
                {line.quantity} × {line.price}
              </Text>
              <Text>{line.amount}</Text>
            </HStack>
            {line.detail !== undefined && line.detail !== '' && <Text ps="2">{line.detail}</Text>}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <chakra.table width="full" borderCollapse="collapse">
      <thead>
        <tr>
          {headings.map((heading, index) => (
            <HeadCell key={heading} textAlign={index === 0 ? undefined : 'end'}>
              {heading}
            </HeadCell>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key}>
            {line.cells.map((cell, index) => (
              <Cell key={index} textAlign={index === 0 ? undefined : 'end'}>
                {cell}
              </Cell>
            ))}
          </tr>
        ))}
      </tbody>
    </chakra.table>
  );
}
