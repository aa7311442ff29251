import "server-only";
import { createAuthMiddleware, formCsrfMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { z } from "zod";
import { recordAudit } from "@/lib/platform/server/audit-log";
import {
  guardAccount,
  guardAddress,
  recordSignIn,
  settleAttempt,
  verifiedClientIp,
} from "@/lib/operators/server/sign-in-guard";

const PASSWORD_SIGN_IN = "/sign-in/email";
// Both steps of a passkey sign-in draw on the address's sign-in budget.
const PASSKEY_SIGN_IN = new Set(["/passkey/generate-authenticate-options", "/passkey/verify-authentication"]);
const signInBody = z.object({ email: z.string().max(320) });

// Before better-auth looks at the request: the address budget, then the account lockout. The
// sign-in's own origin check runs first, so a cross-site attempt is refused without counting.
const beforeHook = createAuthMiddleware(async (ctx) => {
  if (PASSKEY_SIGN_IN.has(ctx.path)) await guardAddress(ctx.headers);
  if (ctx.path !== PASSWORD_SIGN_IN) return;
  await guardAddress(ctx.headers);
  await formCsrfMiddleware(ctx);
  const body = signInBody.safeParse(ctx.body);
  if (body.success) await guardAccount(body.data.email, ctx.headers);
});

// The audit row follows once the plugin's change succeeded.
const PASSKEY_CHANGES: Record<string, string> = {
  "/passkey/verify-registration": "operator.passkey_add",
  "/passkey/delete-passkey": "operator.passkey_remove",
};
const withId = z.object({ id: z.string() });

const afterHook = createAuthMiddleware(async (ctx) => {
  const passkeyAction = PASSKEY_CHANGES[ctx.path];
  const outcome: unknown = ctx.context.returned;
  if (passkeyAction && !isAPIError(outcome)) {
    const session = await getSessionFromCtx(ctx);
    const passkey = withId.safeParse(ctx.path === "/passkey/delete-passkey" ? ctx.body : outcome);
    if (session) {
      await recordAudit({
        operatorId: session.user.id,
        action: passkeyAction,
        targetType: "passkey",
        ...(passkey.success ? { targetId: passkey.data.id } : {}),
        ip: verifiedClientIp(ctx.headers),
      });
    }
  }
  const signedIn = ctx.context.newSession?.user.id;
  if (signedIn && (ctx.path === PASSWORD_SIGN_IN || PASSKEY_SIGN_IN.has(ctx.path))) await recordSignIn(signedIn);
  if (ctx.path !== PASSWORD_SIGN_IN) return;
  const body = signInBody.safeParse(ctx.body);
  if (!body.success) return;
  const returned: unknown = ctx.context.returned;
  // A 429 from the guard itself is not another failure, nor a refused origin (never counted).
  if (isAPIError(returned) && (returned.statusCode === 429 || returned.statusCode === 403)) return;
  await settleAttempt(body.data.email, !isAPIError(returned), ctx.headers);
});

export const operatorAuthHooks = { before: beforeHook, after: afterHook };
