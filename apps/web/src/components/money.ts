/** Integer minor units and an ISO currency → "$24.99", "€9", in the visitor's locale. */
export function formatMoney(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return `${(minorUnits / 100).toFixed(2)} ${code}`;
  }
  const amount = minorUnits / 10 ** digits;
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: code, minimumFractionDigits: whole ? 0 : digits, maximumFractionDigits: digits }).format(amount);
}
