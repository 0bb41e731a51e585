import { within } from '@testing-library/react';

/**
 * The column headers' texts as a person reads them, without the sort and filter marks (▲ ▼ ↕ ⏷ ●) the
 * headers draw beside their titles.
 */
export const columnTitles = (table: HTMLElement = document.body): string[] =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => (header.textContent ?? '').replace(/[⏷●↕▲▼]/g, '').trim());
