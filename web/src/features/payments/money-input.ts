/** Amount fields show minor units as text (parsed back with parseMoneyInput of @nine/shared/money). */
export const minorToText = (minor: number): string => (Math.max(minor, 0) / 100).toFixed(2);
