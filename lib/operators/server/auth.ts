import "server-only";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { getConfig } from "@/lib/platform/server/config";
import { derivedKey } from "@/lib/platform/server/security/derived-key";
import { getDb } from "@/lib/platform/server/db";
import {
  OPERATOR_AUTH_BASE_PATH,
  OPERATOR_CLIENT_IP_HEADER,
  OPERATOR_COOKIE_PREFIX,
  OPERATOR_FRESH_SIGN_IN_SECONDS,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_RECOVERY_CODE_COUNT,
  OPERATOR_SESSION_IDLE_SECONDS,
  OPERATOR_SESSION_SLIDE_SECONDS,
  OPERATOR_TOTP_DIGITS,
} from "@/lib/operators/shared/auth-rules";
import { operatorAuthHooks, operatorDatabaseHooks } from "@/lib/operators/server/auth-hooks";
import { hostCookieName } from "@/lib/platform/shared/cookie-header";

// Operator sign-in (docs/decisions/0006): nobody can sign up; operators come from
// `npm run operator:create` and set their password through a setup link.

function authSecret(): string {
  // better-auth signs with one secret only, so the move to HKDF signed operators out once.
  return getConfig().ADMIN_AUTH_SECRET ?? derivedKey("operator-auth");
}

function createOperatorAuth() {
  const { SITE_URL, RATE_LIMIT_SCALE } = getConfig();
  const secure = SITE_URL.startsWith("https://");
  return betterAuth({
    appName: "Fast Forward console",
    baseURL: SITE_URL,
    basePath: OPERATOR_AUTH_BASE_PATH,
    secret: authSecret(),
    trustedOrigins: [new URL(SITE_URL).origin],
    database: prismaAdapter(getDb(), { provider: "postgresql", usePlural: false }),
    user: {
      modelName: "operatorUser",
      // Read into the session; only the console's own routes change them (input: false).
      additionalFields: {
        role: { type: "string", input: false, required: false, defaultValue: "read_only" },
        // Changed only by the console's own settings route.
        timeZone: { type: "string", input: false, required: false },
      },
    },
    session: {
      modelName: "operatorSession",
      // Idle limit: each request (at most once a minute) pushes the end on; the absolute limit caps it.
      expiresIn: OPERATOR_SESSION_IDLE_SECONDS,
      updateAge: OPERATOR_SESSION_SLIDE_SECONDS,
      freshAge: OPERATOR_FRESH_SIGN_IN_SECONDS,
      // A revoked session must stop at once.
      cookieCache: { enabled: false },
    },
    databaseHooks: operatorDatabaseHooks,
    account: { modelName: "operatorAccount" },
    verification: { modelName: "operatorVerification" },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: OPERATOR_PASSWORD_MIN,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
    },
    advanced: {
      cookiePrefix: hostCookieName(OPERATOR_COOKIE_PREFIX, SITE_URL),
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/", secure },
      // better-auth skips its CSRF check when NODE_ENV=test; it must hold in tests too.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // The auth route writes the verified client address here and drops any client-sent copy.
      ipAddress: { ipAddressHeaders: [OPERATOR_CLIENT_IP_HEADER] },
    },
    hooks: operatorAuthHooks,
    plugins: [
      passkey({
        rpID: new URL(SITE_URL).hostname,
        rpName: "Fast Forward console",
        origin: new URL(SITE_URL).origin,
        schema: { passkey: { modelName: "operatorPasskey" } },
        advanced: { webAuthnChallengeCookie: `${OPERATOR_COOKIE_PREFIX}-passkey` },
        // A passkey stands for two factors only when the device checked its holder (PIN, biometrics);
        // the plugin verifies with requireUserVerification: false, so the flag is checked here.
        authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
        registration: {
          afterVerification: ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) throw userNotVerified();
          },
        },
        authentication: {
          afterVerification: ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw userNotVerified();
          },
        },
      }),
      twoFactor({
        issuer: "Fast Forward console",
        schema: { twoFactor: { modelName: "operatorTwoFactor" } },
        totpOptions: { digits: OPERATOR_TOTP_DIGITS },
        backupCodeOptions: { amount: OPERATOR_RECOVERY_CODE_COUNT, storeBackupCodes: "encrypted" },
      }),
    ],
    // Only damps bursts; the limits that count are in PostgreSQL (sign-in-guard.ts).
    rateLimit: {
      window: 10,
      max: 100 * RATE_LIMIT_SCALE,
      customRules: {
        "/sign-in/email": { window: 10, max: 3 * RATE_LIMIT_SCALE },
        // The twoFactor plugin's own burst rule, scaled like the rest; its lockout counts per account.
        "/two-factor/*": { window: 10, max: 3 * RATE_LIMIT_SCALE },
      },
    },
    // The console must work offline and report to nobody.
    telemetry: { enabled: false },
  });
}

const userNotVerified = () =>
  new APIError("BAD_REQUEST", {
    code: "USER_NOT_VERIFIED",
    message: "The passkey must check it is you (PIN, fingerprint or face). Use a device that does.",
  });

export type OperatorAuth = ReturnType<typeof createOperatorAuth>;

const globalForAuth = globalThis as unknown as { operatorAuth?: OperatorAuth };

/** Built on first use: importing this module touches no database or secret. */
export function getOperatorAuth(): OperatorAuth {
  globalForAuth.operatorAuth ??= createOperatorAuth();
  return globalForAuth.operatorAuth;
}

export function resetOperatorAuth(): void {
  globalForAuth.operatorAuth = undefined;
}
