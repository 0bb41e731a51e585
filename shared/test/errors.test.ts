import { describe, expect, it } from 'vitest';
import { AppError, errorCatalogue, errorNameOf } from '../src/errors.ts';

describe('error catalogue', () => {
  it('keeps codes unique and statuses in the 4xx/5xx range', () => {
    const codes = Object.values(errorCatalogue).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of Object.values(errorCatalogue)) expect(e.status).toBeGreaterThanOrEqual(400);
  });
  it('holds the spec codes with status 422', () => {
    for (const code of [1203, 1207, 1208]) {
      const name = errorNameOf(code);
      expect(name).toBeDefined();
      expect(errorCatalogue[name!].status).toBe(422);
    }
    expect(errorNameOf(1217)).toBe('reloadRequired');
  });
  it('carries status and code on AppError', () => {
    const err = new AppError('itemsUnavailable', { data: [{ product_category: 'Bikes' }] });
    expect(err.status).toBe(422);
    expect(err.code).toBe(1207);
    expect(err.data).toEqual([{ product_category: 'Bikes' }]);
  });
});
