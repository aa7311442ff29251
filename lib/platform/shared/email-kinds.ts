// Every e-mail template is transactional (sent because of something the person did or bought:
// receipts, credentials, bookings, answers to their requests) or marketing (promotion they may
// refuse). Marketing mail carries a one-click unsubscribe and is never sent to a suppressed address;
// transactional mail still goes out after an unsubscribe. The README's table is this list.

export type EmailKind = "transactional" | "marketing";

export const EMAIL_KINDS = {
  welcome: "transactional",
  "purchase-confirmation": "transactional",
  // A receipt for money given back (issue 12 §4), console or provider made.
  "refund-confirmation": "transactional",
  "privacy-request-received": "transactional",
  // The answer to a privacy request (console "Complete"), with the export for an access request.
  "privacy-request-completed": "transactional",
  "booking-confirmed": "transactional",
  "booking-moved": "transactional",
  "booking-canceled": "transactional",
  // To the operator, about the 45-day deadlines of requests already received.
  "privacy-deadlines": "transactional",
  // To an operator: the one-hour console setup link (an invitation or a lost password).
  "operator-setup-link": "transactional",
  // A nudge to finish a purchase the person did not complete: promotion, so it can be refused.
  "checkout-recovery": "marketing",
} as const satisfies Record<string, EmailKind>;

export type EmailTemplate = keyof typeof EMAIL_KINDS;

/** Unknown templates count as marketing: the safe side of the law. */
export function emailKind(template: string): EmailKind {
  return Object.hasOwn(EMAIL_KINDS, template) ? EMAIL_KINDS[template as EmailTemplate] : "marketing";
}
