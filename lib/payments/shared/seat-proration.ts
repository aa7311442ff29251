// A seat change mid-period as Stripe prorates it with proration_behavior=always_invoice: a credit
// for the unused time of the old count and a charge for the remaining time of the new one, each
// rounded to the cent, by the second. A net credit goes to the customer's balance and is taken off
// the next renewal.

export type SeatProrationInput = {
  /** Cents per seat per period. */
  unitAmount: number;
  fromSeats: number;
  toSeats: number;
  periodStart: Date;
  periodEnd: Date;
  /** The proration date: the instant the change counts from (whole seconds, as Stripe takes it). */
  at: Date;
};

export type SeatProration = {
  /** Negative: the unused time of the old seats. */
  unusedCredit: number;
  /** The remaining time of the new seats. */
  remainingCharge: number;
  /** Charged now when positive; a credit toward the next renewal when negative. */
  net: number;
  /** The next renewal's amount after any credit: the new seats' list price less the credit. */
  nextRenewal: number;
};

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function prorateSeats(input: SeatProrationInput): SeatProration {
  const start = seconds(input.periodStart);
  const end = seconds(input.periodEnd);
  const at = Math.min(Math.max(seconds(input.at), start), end);
  const total = Math.max(1, end - start);
  const left = end - at;
  const share = (seats: number) => Math.round((input.unitAmount * seats * left) / total);
  const unusedCredit = -share(input.fromSeats);
  const remainingCharge = share(input.toSeats);
  const net = unusedCredit + remainingCharge;
  const list = input.unitAmount * input.toSeats;
  return { unusedCredit, remainingCharge, net, nextRenewal: Math.max(0, list + Math.min(0, net)) };
}
