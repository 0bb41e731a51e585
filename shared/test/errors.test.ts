import { describe, expect, it } from 'vitest';
import { AppError, envelopeData, errorCatalogue, errorNameOf } from '../src/errors.ts';

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

describe('envelopeData', () => {
  it('keys the item lists of 1203, 1207 and 1208 by their code (spec section 8) and leaves other data alone', () => {
    expect(envelopeData('itemsUnavailable', [{ product_category: 'Kayaks' }])).toEqual({
      1207: [{ product_category: 'Kayaks' }],
    });
    expect(envelopeData('productsUnavailable', [{ product_sku: 'PFD-1' }])).toEqual({
      1208: [{ product_sku: 'PFD-1' }],
    });
    expect(envelopeData('stateTransitionFailed', [{ item_id: 3 }])).toEqual({ 1203: [{ item_id: 3 }] });
    expect(envelopeData('validation', { issues: [] })).toEqual({ issues: [] });
  });
});
