// Coupons' money rules in one place (docs/decisions/0031-coupons.md), shared by the server, the
// gateways and the Stripe double. Pure: integer cents in, integer cents out.

import { MIN_CHARGE_CENTS } from "@/lib/shared/money";

export { MIN_CHARGE_CENTS };

/** The characters a code may have once upper-cased; the console and the checkout use the same rule. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

export type CouponTerms = { percentOff: number | null; amountOff: number | null };

/** A code as the buyer typed it, as stored: trimmed and upper-case. */
export function normalizeCouponCode(text: string): string {
  return text.trim().toUpperCase();
}

/** As Stripe computes it: a percentage of the amount rounded to the nearest cent (half up); a fixed amount at most the amount. */
export function rawDiscount(terms: CouponTerms, amount: number): number {
  if (terms.percentOff !== null) return Math.floor((amount * terms.percentOff + 50) / 100);
  return Math.min(terms.amountOff ?? 0, amount);
}

/**
 * One-time orders: the coupon takes off its share of the product's line (`discountable`), capped so
 * the order still charges the card minimum. A 100 % code therefore charges 50 cents, never 0.
 */
export function oneTimeDiscount(terms: CouponTerms, discountable: number, total: number): number {
  return Math.max(0, Math.min(rawDiscount(terms, discountable), total - MIN_CHARGE_CENTS));
}

/**
 * Subscriptions: the provider applies the coupon to each invoice itself and cannot cap it, so a
 * first invoice it would bring under the card minimum is refused (null) rather than charged otherwise.
 */
export function subscriptionDiscount(terms: CouponTerms, subtotal: number): number | null {
  const discount = rawDiscount(terms, subtotal);
  return subtotal - discount < MIN_CHARGE_CENTS ? null : discount;
}

/** A monthly invoice's amount: the discount applies to the first `months` invoices (1 = the first). */
export function invoiceAmount(terms: CouponTerms | null, months: number, subtotal: number, invoice: number): number {
  if (!terms || invoice > months) return subtotal;
  return subtotal - rawDiscount(terms, subtotal);
}

export type CouponWindow = {
  active: boolean;
  productCode: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
};

/** Why a code cannot be used on this product now, in the buyer's words; null when it can. */
export function couponProblem(coupon: CouponWindow | null, productCode: string, now: Date): string | null {
  if (!coupon || !coupon.active) return "This coupon code is not valid.";
  if (coupon.startsAt && now < coupon.startsAt) return "This coupon code is not valid yet.";
  if (coupon.endsAt && now >= coupon.endsAt) return "This coupon code has expired.";
  if (coupon.productCode !== null && coupon.productCode !== productCode) {
    return "This coupon code does not apply to this product.";
  }
  return null;
}
