export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
};

export const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

export const round = (value: number, digits = 2): number => Number.isFinite(value) ? Number(value.toFixed(digits)) : value;
