import { HOUR_MS } from "@/lib/shared/dates";

export const OPERATOR_AUTH_BASE_PATH = "/api/auth";

export const OPERATOR_COOKIE_PREFIX = "ff-admin";

/** Guards refunds and personal data: longer than better-auth's default 8. */
export const OPERATOR_PASSWORD_MIN = 12;

export const SETUP_LINK_LIFETIME_MS = HOUR_MS;

/** Set by the auth route from the verified address; any client-sent value is dropped. */
export const OPERATOR_CLIENT_IP_HEADER = "x-ff-admin-client-ip";

/** Adding a passkey, changing the second factor, refunds, exports and invites need a sign-in this recent. */
export const OPERATOR_FRESH_SIGN_IN_SECONDS = 10 * 60;

/** A session ends this long after its sign-in, however busy (passkey and password alike). */
export const OPERATOR_SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;

/** A session ends after this long without a request. */
export const OPERATOR_SESSION_IDLE_SECONDS = 30 * 60;

/** How often a busy session's idle deadline is pushed on (one write a minute at most). */
export const OPERATOR_SESSION_SLIDE_SECONDS = 60;

export const OPERATOR_TOTP_DIGITS = 6;

export const OPERATOR_RECOVERY_CODE_COUNT = 10;
