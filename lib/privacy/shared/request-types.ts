import { DAY_MS } from "@/lib/shared/dates";

// In the words the form shows (docs/product.md#privacy-rights).

export const PRIVACY_REQUEST_TYPES = [
  { value: "access", label: "Access the personal information you hold about me" },
  { value: "correct", label: "Correct inaccurate information about me" },
  { value: "delete", label: "Delete my personal information" },
  { value: "opt_out", label: "Opt out of the sale or sharing of my information and of targeted advertising" },
  { value: "limit_sensitive", label: "Limit the use of my sensitive personal information" },
  { value: "withdraw_consent", label: "Withdraw my consent to e-mails, calls and text messages" },
] as const;

export type PrivacyRequestType = (typeof PRIVACY_REQUEST_TYPES)[number]["value"];

/** Under the California law. */
export const PRIVACY_RESPONSE_DAYS = 45;

export function respondBy(received: Date): Date {
  return new Date(received.getTime() + PRIVACY_RESPONSE_DAYS * DAY_MS);
}

export const PRIVACY_DETAILS_MAX = 2000;

export const PRIVACY_TYPE_MISSING_MESSAGE = "Please choose which right you want to exercise.";

export function requestTypeLabel(value: PrivacyRequestType): string {
  return PRIVACY_REQUEST_TYPES.find((type) => type.value === value)?.label ?? value;
}
