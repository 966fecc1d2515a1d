// Percentages are shown with at most 2 decimals (spec §9), TRUNCATED like the PDF report prints
// them, so the dashboard and the report agree to the last digit: 98.996 → "98,99", never "99".
// Rounding up would also put an amber (< 99 %) lift next to a "99 %" label.

interface TruncateOptions {
  maximumFractionDigits?: number;
  /** 'exceptZero' for changes: "+0,25", "−1", "0". */
  signDisplay?: 'auto' | 'exceptZero';
}

export function formatTruncated(value: number, locale: string, options: TruncateOptions = {}): string {
  const { maximumFractionDigits = 2, signDisplay = 'auto' } = options;
  // Float noise first (99.17 may arrive as 99.16999999999999), as the report does.
  const cleaned = Math.round(value * 1e9) / 1e9;
  return new Intl.NumberFormat(locale, { maximumFractionDigits, roundingMode: 'trunc', signDisplay }).format(cleaned);
}
