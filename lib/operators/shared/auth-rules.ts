import { HOUR_MS } from "@/lib/shared/dates";

export const OPERATOR_AUTH_BASE_PATH = "/api/auth";

export const OPERATOR_COOKIE_PREFIX = "ff-admin";

/** Guards refunds and personal data: longer than better-auth's default 8. */
export const OPERATOR_PASSWORD_MIN = 12;

export const SETUP_LINK_LIFETIME_MS = HOUR_MS;

/** Set by the auth route from the verified address; any client-sent value is dropped. */
export const OPERATOR_CLIENT_IP_HEADER = "x-ff-admin-client-ip";

/**
 * A dangerous action (refund, erasure, export, operator changes, adding a passkey or changing the second factor) needs a
 * session signed in this recently; better-auth's session.freshAge uses the same value.
 */
export const OPERATOR_FRESH_SIGN_IN_SECONDS = 10 * 60;

export const FRESH_SIGN_IN_EXPLANATION = `Refunds, erasures, exports of personal data and changes to operators need a sign-in within the last ${OPERATOR_FRESH_SIGN_IN_SECONDS / 60} minutes.`;

/** Fresh means signed in (the session created) within OPERATOR_FRESH_SIGN_IN_SECONDS. */
export function isFreshSignIn(signedInAt: Date, now = new Date()): boolean {
  return now.getTime() - signedInAt.getTime() <= OPERATOR_FRESH_SIGN_IN_SECONDS * 1000;
}

/** A session ends this long after its sign-in, however busy (passkey and password alike). */
export const OPERATOR_SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;

/** A session ends after this long without a request. */
export const OPERATOR_SESSION_IDLE_SECONDS = 30 * 60;

/** How often a busy session's idle deadline is pushed on (one write a minute at most). */
export const OPERATOR_SESSION_SLIDE_SECONDS = 60;

export const OPERATOR_TOTP_DIGITS = 6;

export const OPERATOR_RECOVERY_CODE_COUNT = 10;

/** Sign-in, sessions and passkeys hold only at SITE_URL's origin, so another address is told where to go. */
export const wrongAddressMessage = (siteOrigin: string) =>
  `This console is set up for ${siteOrigin}. Open it there, or set SITE_URL to this address.`;
