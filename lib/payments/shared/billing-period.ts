// As Stripe counts: a period from 31 January ends on the last day of February.

export function addOneMonth(from: Date): Date {
  const next = new Date(from);
  const day = from.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** `months` whole months after `anchor`, by the anchor's day as Stripe counts a billing cycle. */
export function addMonths(anchor: Date, months: number): Date {
  const next = new Date(anchor);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return next;
}
