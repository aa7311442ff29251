import "server-only";
import { APIError, createAuthMiddleware, formCsrfMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { getDb } from "@/lib/platform/server/db";
import {
  guardAccount,
  guardAddress,
  recordSignIn,
  settleAttempt,
  verifiedClientIp,
} from "@/lib/operators/server/sign-in-guard";
import { capSessionLifetime } from "@/lib/operators/server/cap-session-lifetime";
import { notifyOperator } from "@/lib/operators/server/notify-operator";
import { passwordProblem } from "@/lib/operators/server/check-password";
import { OPERATOR_FRESH_SIGN_IN_SECONDS } from "@/lib/operators/shared/auth-rules";

const PASSWORD_SIGN_IN = "/sign-in/email";
// Both steps of a passkey sign-in draw on the address's sign-in budget.
const PASSKEY_SIGN_IN = new Set(["/passkey/generate-authenticate-options", "/passkey/verify-authentication"]);
const SECOND_FACTOR_SIGN_IN = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
// The plugins check freshness only for adding a passkey; these change a factor too. verify-totp with
// a session finishes enrolling an app (without one it is a sign-in, which this leaves alone).
const NEEDS_FRESH_SIGN_IN = new Set([
  "/passkey/delete-passkey",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/verify-totp",
]);
// Not open at the gate today; a password set through any of them meets the same rules.
const PASSWORD_CHANGES = new Set(["/change-password", "/reset-password", "/set-password"]);
const signInBody = z.object({ email: z.string().max(320) });
const newPasswordBody = z.object({ newPassword: z.string() });

const notFresh = () =>
  new APIError("FORBIDDEN", {
    code: "SESSION_NOT_FRESH",
    message: "To change how you sign in, sign out and sign in again first (your sign-in is over 10 minutes old).",
  });

// Before better-auth looks at the request: the address budget, then the account lockout. The
// sign-in's own origin check runs first, so a cross-site attempt is refused without counting.
const beforeHook = createAuthMiddleware(async (ctx) => {
  if (PASSKEY_SIGN_IN.has(ctx.path)) await guardAddress(ctx.headers);
  if (NEEDS_FRESH_SIGN_IN.has(ctx.path)) {
    const session = await getSessionFromCtx(ctx);
    const age = session ? Date.now() - new Date(session.session.createdAt).getTime() : 0;
    if (age >= OPERATOR_FRESH_SIGN_IN_SECONDS * 1000) throw notFresh();
  }
  if (PASSWORD_CHANGES.has(ctx.path)) {
    const body = newPasswordBody.safeParse(ctx.body);
    const problem = body.success ? passwordProblem(body.data.newPassword) : null;
    if (problem) throw new APIError("BAD_REQUEST", { code: "PASSWORD_REFUSED", message: problem });
  }
  if (ctx.path !== PASSWORD_SIGN_IN) return;
  await guardAddress(ctx.headers);
  await formCsrfMiddleware(ctx);
  const body = signInBody.safeParse(ctx.body);
  if (body.success) await guardAccount(body.data.email, ctx.headers);
});

// The audit row and the e-mail follow once the plugin's change succeeded.
const PASSKEY_CHANGES: Record<string, "operator.passkey_add" | "operator.passkey_remove"> = {
  "/passkey/verify-registration": "operator.passkey_add",
  "/passkey/delete-passkey": "operator.passkey_remove",
};
const passkeyRow = z.object({ id: z.string(), name: z.string().nullish() });

type AfterContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

async function recordPasskeyChange(ctx: AfterContext, action: "operator.passkey_add" | "operator.passkey_remove") {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const adding = action === "operator.passkey_add";
  const passkey = passkeyRow.safeParse(adding ? ctx.context.returned : ctx.body);
  const ip = verifiedClientIp(ctx.headers);
  const label = adding ? (passkey.data?.name ?? undefined) : undefined;
  await getDb().$transaction(async (tx) => {
    await recordAudit(
      {
        operatorId: session.user.id,
        action,
        targetType: "passkey",
        ...(passkey.success ? { targetId: passkey.data.id } : {}),
        ip,
      },
      tx,
    );
    await notifyOperator(
      session.user,
      { kind: adding ? "factor_added" : "factor_removed", factor: "passkey", ...(label ? { label } : {}) },
      ip,
      tx,
    );
  });
}

/**
 * A password alone never opens the console for an operator who has a passkey but no authenticator
 * app: they sign in with the passkey. (With an app, the twoFactor plugin asks for a code instead.)
 */
async function refusePasswordOnly(ctx: AfterContext): Promise<APIError | null> {
  const created = ctx.context.newSession;
  if (!created || created.user.twoFactorEnabled === true) return null;
  const passkeys = await getDb().operatorPasskey.count({ where: { userId: created.user.id } });
  if (passkeys === 0) return null;
  deleteSessionCookie(ctx);
  await ctx.context.internalAdapter.deleteSession(created.session.token);
  ctx.context.setNewSession(null);
  return new APIError("FORBIDDEN", {
    code: "USE_PASSKEY",
    message: "Your account has a passkey: sign in with it (an authenticator app lets you use your password too).",
  });
}

const afterHook = createAuthMiddleware(async (ctx) => {
  const passkeyAction = PASSKEY_CHANGES[ctx.path];
  const outcome: unknown = ctx.context.returned;
  if (passkeyAction && !isAPIError(outcome)) await recordPasskeyChange(ctx, passkeyAction);
  const signedIn = ctx.context.newSession?.user;
  const complete = signedIn && !(ctx.path === PASSWORD_SIGN_IN && signedIn.twoFactorEnabled === true);
  if (
    complete &&
    (ctx.path === PASSWORD_SIGN_IN || PASSKEY_SIGN_IN.has(ctx.path) || SECOND_FACTOR_SIGN_IN.has(ctx.path))
  ) {
    await recordSignIn(signedIn.id);
  }
  if (ctx.path !== PASSWORD_SIGN_IN) return;
  const body = signInBody.safeParse(ctx.body);
  if (!body.success) return;
  const returned: unknown = ctx.context.returned;
  // A 429 from the guard itself is not another failure, nor a refused origin (never counted).
  if (isAPIError(returned) && (returned.statusCode === 429 || returned.statusCode === 403)) return;
  await settleAttempt(body.data.email, !isAPIError(returned), ctx.headers);
  const refusal = await refusePasswordOnly(ctx);
  if (refusal) throw refusal;
});

export const operatorAuthHooks = { before: beforeHook, after: afterHook };

type TwoFactorUser = { id: string; email: string; name: string; twoFactorEnabled?: boolean | null };

/** better-auth's own writes: the session ceiling, and the notice when an app is enrolled or removed. */
export const operatorDatabaseHooks = {
  session: { update: { after: (session: { id: string }) => capSessionLifetime(session.id) } },
  user: {
    update: {
      after: async (user: TwoFactorUser, ctx: { path?: string; headers?: Headers } | null) => {
        const added = ctx?.path === "/two-factor/verify-totp" && user.twoFactorEnabled === true;
        const removed = ctx?.path === "/two-factor/disable" && user.twoFactorEnabled === false;
        if (!added && !removed) return;
        const ip = verifiedClientIp(ctx.headers);
        await getDb().$transaction(async (tx) => {
          await recordAudit(
            {
              operatorId: user.id,
              action: added ? "operator.totp_add" : "operator.totp_remove",
              targetType: "operator",
              targetId: user.id,
              ip,
            },
            tx,
          );
          await notifyOperator(user, { kind: added ? "factor_added" : "factor_removed", factor: "totp" }, ip, tx);
        });
      },
    },
  },
};
