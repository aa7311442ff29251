import { HOUR_MS } from "@/lib/shared/dates";

// Shared by the console's server code and its sign-in/setup forms.

/** Where better-auth's endpoints live (app/api/auth/[...all]/route.ts). */
export const OPERATOR_AUTH_BASE_PATH = "/api/auth";

/** Cookie names start with this, so they never collide with the funnel's own cookies. */
export const OPERATOR_COOKIE_PREFIX = "ff-admin";

/** A console password guards refunds and personal data: longer than better-auth's default 8. */
export const OPERATOR_PASSWORD_MIN = 12;

/** A setup link works this long after operator:create (or a re-issue) printed it. */
export const SETUP_LINK_LIFETIME_MS = HOUR_MS;

/**
 * Request header carrying the client address to better-auth (sessions' ip_address, its limiter):
 * set by the auth route from the app's verified address, any client-sent value dropped.
 */
export const OPERATOR_CLIENT_IP_HEADER = "x-ff-admin-client-ip";
