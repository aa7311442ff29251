// Transactional mail still goes out after an unsubscribe; marketing mail carries a one-click
// unsubscribe (docs/product.md#e-mail-law).

export type EmailKind = "transactional" | "marketing";

export const EMAIL_KINDS = {
  welcome: "transactional",
  "purchase-confirmation": "transactional",
  "refund-confirmation": "transactional",
  "privacy-request-received": "transactional",
  "privacy-request-completed": "transactional",
  "booking-confirmed": "transactional",
  "booking-moved": "transactional",
  "booking-canceled": "transactional",
  "privacy-deadlines": "transactional",
  "operator-setup-link": "transactional",
  "operator-security-notice": "transactional",
  // Promotion, so it can be refused.
  "checkout-recovery": "marketing",
} as const satisfies Record<string, EmailKind>;

export type EmailTemplate = keyof typeof EMAIL_KINDS;

/** Unknown templates count as marketing: the safe side of the law. */
export function emailKind(template: string): EmailKind {
  return Object.hasOwn(EMAIL_KINDS, template) ? EMAIL_KINDS[template as EmailTemplate] : "marketing";
}
