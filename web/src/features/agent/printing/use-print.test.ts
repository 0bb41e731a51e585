import { describe, expect, it } from 'vitest';
import { printRoute } from './use-print.ts';

describe('printRoute: where a print goes', () => {
  it('the browser print mode always prints through the browser, unless the agent is asked for by name', () => {
    expect(printRoute('browser', 'auto', true)).toBe('browser');
    expect(printRoute('browser', 'auto', false)).toBe('browser');
    expect(printRoute('browser', 'browser', true)).toBe('browser');
    expect(printRoute('browser', 'agent', true)).toBe('agent');
    expect(printRoute('browser', 'agent', false)).toBe('browser');
  });

  it('the receipt print mode prints on the counter printer, and falls back to the browser with a notice', () => {
    expect(printRoute('receipt', 'auto', true)).toBe('agent');
    expect(printRoute('receipt', 'auto', false)).toBe('fallback');
    // The person chose the browser: no notice.
    expect(printRoute('receipt', 'browser', true)).toBe('browser');
    expect(printRoute('receipt', 'agent', false)).toBe('browser');
  });
});
