import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR, parseMoneyInput } from '../src/money.ts';

describe('parseMoneyInput', () => {
  it('gives null for an empty field, so each caller decides what empty means', () => {
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('  ')).toBeNull();
  });
  it('reads whole amounts, one or two decimals and a trailing point', () => {
    expect(parseMoneyInput('12')).toBe(1200);
    expect(parseMoneyInput('12.')).toBe(1200);
    expect(parseMoneyInput('12.5')).toBe(1250);
    expect(parseMoneyInput('12.50')).toBe(1250);
    expect(parseMoneyInput(' 12.05 ')).toBe(1205);
    expect(parseMoneyInput('0')).toBe(0);
    expect(parseMoneyInput('0.01')).toBe(1);
  });
  it('reads comma thousands groups and a decimal comma', () => {
    expect(parseMoneyInput('1,234.50')).toBe(123450);
    expect(parseMoneyInput('1,234')).toBe(123400);
    expect(parseMoneyInput('1,234,567.89')).toBe(123456789);
    expect(parseMoneyInput('12,50')).toBe(1250);
    expect(parseMoneyInput('12,5')).toBe(1250);
    expect(parseMoneyInput('1,23,4')).toBeNull();
    expect(parseMoneyInput('12,34,56')).toBeNull();
  });
  it('refuses more than two decimals', () => {
    expect(parseMoneyInput('12.345')).toBeNull();
    expect(parseMoneyInput('0.001')).toBeNull();
  });
  it('refuses letters, garbage and negatives', () => {
    for (const text of [
      'abc',
      '12a',
      '$12',
      '1e3',
      '12..5',
      '.',
      '.5',
      '-5',
      '- 5',
      '+5',
      'NaN',
      'Infinity',
      '1 000',
    ]) {
      expect(parseMoneyInput(text), text).toBeNull();
    }
  });
  it('refuses amounts above MAX_AMOUNT_MINOR', () => {
    expect(parseMoneyInput('1000000000')).toBe(MAX_AMOUNT_MINOR);
    expect(parseMoneyInput('1,000,000,000.00')).toBe(MAX_AMOUNT_MINOR);
    expect(parseMoneyInput('1000000000.01')).toBeNull();
    expect(parseMoneyInput('99999999999999999999')).toBeNull();
  });
});
