import { DAY_MS } from "@/lib/shared/dates";

// A request is acted on only once the requester opened the link sent to its address. Pure, so
// the console and the actions read one rule.

export const PRIVACY_VERIFY_DAYS = 7;

export type VerificationState = "verified" | "awaiting" | "expired";

export function verifyExpiry(received: Date): Date {
  return new Date(received.getTime() + PRIVACY_VERIFY_DAYS * DAY_MS);
}

export function verificationState(
  request: { verifiedAt: Date | null; verifyExpiresAt: Date | null },
  now: Date,
): VerificationState {
  if (request.verifiedAt) return "verified";
  return request.verifyExpiresAt && request.verifyExpiresAt.getTime() <= now.getTime() ? "expired" : "awaiting";
}

export const VERIFICATION_LABELS: Record<Exclude<VerificationState, "verified">, string> = {
  awaiting: "Awaiting verification",
  expired: "Verification expired",
};

/** The console's word for an unverified request; null once verified. */
export function verificationNote(
  request: { verifiedAt: Date | null; verifyExpiresAt: Date | null },
  now: Date,
): string | null {
  const state = verificationState(request, now);
  return state === "verified" ? null : VERIFICATION_LABELS[state];
}
