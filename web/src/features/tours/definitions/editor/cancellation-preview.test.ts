import { describe, expect, it } from 'vitest';
import { cancellationPreview } from './cancellation-preview.ts';

describe('cancellation preview', () => {
  it('reads the tiers from the earliest window to the last', () => {
    expect(
      cancellationPreview([
        { hours_before: 24, fee_bp: 5000 },
        { hours_before: 0, fee_bp: 10000 },
        { hours_before: 48, fee_bp: 0 },
      ]),
    ).toEqual([
      { kind: 'from', hours: 48, fee_bp: 0 },
      { kind: 'between', from: 24, to: 48, fee_bp: 5000 },
      { kind: 'under', hours: 24, fee_bp: 10000 },
    ]);
  });

  it('leaves out rows not filled in and says "any time" for a lone 0 h tier', () => {
    expect(
      cancellationPreview([
        { hours_before: 0, fee_bp: 2000 },
        { hours_before: null, fee_bp: 1 },
      ]),
    ).toEqual([{ kind: 'any', fee_bp: 2000 }]);
    expect(cancellationPreview([{ hours_before: Number.NaN, fee_bp: 0 }])).toBeNull();
  });
});
