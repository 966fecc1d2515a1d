/** Spec §9: energy is the counter sum (Wh) divided by 1000, shown as kWh with 1 decimal. */
export function formatKwh(wattHours: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(wattHours / 1000);
}
