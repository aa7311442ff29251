// Transactional mail still goes out after an unsubscribe; marketing mail carries a one-click
// unsubscribe (docs/product.md#e-mail-law).

export type EmailKind = "transactional" | "marketing";

export const EMAIL_KINDS = {
  welcome: "transactional",
  // The welcome to an address already on file, with the link that confirms this browser's claim.
  "welcome-confirm": "transactional",
  "purchase-confirmation": "transactional",
  "refund-confirmation": "transactional",
  // The buyer's sign-in link to their billing page.
  "billing-link": "transactional",
  // A failed renewal's notices: the amount due, the card-update link, when access ends.
  "dunning-notice": "transactional",
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
  // A lifecycle sequence's step, written by an operator.
  "sequence-step": "marketing",
  // An operator's test of a draft, sent to their own address; the e-mail report leaves it out.
  "marketing-test": "marketing",
  // A one-off e-mail to a segment of leads, written by an operator.
  broadcast: "marketing",
} as const satisfies Record<string, EmailKind>;

export type EmailTemplate = keyof typeof EMAIL_KINDS;

/** Unknown templates count as marketing: the safe side of the law. */
export function emailKind(template: string): EmailKind {
  return Object.hasOwn(EMAIL_KINDS, template) ? EMAIL_KINDS[template as EmailTemplate] : "marketing";
}

/**
 * Templates whose body carries a live credential (a setup, manage, resume, confirmation or verification link): the mailer keeps
 * their body sealed at rest and drops it once a provider took it. A new secret-link e-mail adds its
 * template here (docs/decisions/0014-sealed-secret-link-emails.md).
 */
export const SECRET_LINK_TEMPLATES: ReadonlySet<string> = new Set<EmailTemplate>([
  "operator-setup-link",
  "booking-confirmed",
  "booking-moved",
  "checkout-recovery",
  "welcome-confirm",
  "privacy-request-received",
  "billing-link",
  "dunning-notice",
]);

export function carriesSecretLink(template: string): boolean {
  return SECRET_LINK_TEMPLATES.has(template);
}
