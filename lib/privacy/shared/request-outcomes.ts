import type { PrivacyRequestType } from "@/lib/privacy/shared/request-types";

// The audit action must exist before a request can be completed, so "completed" means done.

export type RequestAction = "export" | "erase" | "opt_out" | "limit_sensitive" | "withdraw_consent";

export const ACTION_FOR_TYPE: Record<PrivacyRequestType, RequestAction | null> = {
  access: "export",
  correct: null,
  delete: "erase",
  opt_out: "opt_out",
  limit_sensitive: "limit_sensitive",
  withdraw_consent: "withdraw_consent",
};

export const AUDIT_ACTIONS: Record<RequestAction, string> = {
  export: "privacy.export",
  erase: "privacy.erase",
  opt_out: "privacy.opt_out",
  limit_sensitive: "privacy.limit_use",
  withdraw_consent: "privacy.withdraw_consent",
};

export const ACTION_LABELS: Record<RequestAction, string> = {
  export: "Download export (JSON)",
  erase: "Erase this person",
  opt_out: "Opt out of sharing",
  limit_sensitive: "Limit use of sensitive data",
  withdraw_consent: "Stop marketing e-mail",
};

export const COMPLETION_SUBJECT = "Your privacy request is complete";

/** No name in it, so the kept copy names nobody. */
export const COMPLETION_MESSAGES: Record<PrivacyRequestType, string> = {
  access: "Attached is a copy of the personal information we hold about you, as a JSON file.",
  correct: "We have corrected the information you asked us to correct.",
  delete:
    "We have deleted your personal information. We keep only what the law requires: the records of any purchase " +
    "for tax purposes (amounts, product and dates, without your name or e-mail address), the proof of any phone " +
    "consent you gave for 5 years (without your number in readable form), and a coded entry so that we never " +
    "send you marketing e-mail again.",
  opt_out:
    "We no longer share your information with other companies' tools (such as CRM or advertising systems), and " +
    "we will not send you marketing e-mail.",
  limit_sensitive:
    "We no longer share conclusions drawn from your survey answers with other companies' tools. We use your " +
    "answers only to provide what you asked us for.",
  withdraw_consent:
    "We will not send you marketing e-mail any more. Receipts and answers to your requests still reach you.",
};

export function isPrivacyRequestType(value: string): value is PrivacyRequestType {
  return Object.hasOwn(ACTION_FOR_TYPE, value);
}
