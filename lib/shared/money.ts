/** Stripe's smallest US-dollar charge. */
export const MIN_CHARGE_CENTS = 50;

/** Whole dollars without cents: 49700 → "$497", -750 → "-$7.50" (a refund-heavy day). */
export function formatUsd(cents: number): string {
  if (cents < 0) return `-${formatUsd(-cents)}`;
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString("en-US", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** Integer cents from dollars as an operator types them ("497", "7.5", "47.97"), or null. */
export function parseUsd(text: string): number | null {
  const match = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A plain decimal for files (CSV), from integer cents: 49700 → "497.00", no "$", no grouping. */
export function decimalUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
