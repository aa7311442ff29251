import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { getOperatorAuth } from "@/lib/operators/server/auth";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { SETUP_LINK_LIFETIME_MS } from "@/lib/operators/shared/auth-rules";
import { passwordProblem } from "@/lib/operators/server/check-password";
import { notifyOperator } from "@/lib/operators/server/notify-operator";

// No default password: a one-time setup link valid one hour. Only the token's SHA-256 is stored,
// so a database reader cannot take over an operator.

const SETUP_PREFIX = "operator-setup:";

export class SetupLinkInvalidError extends Error {
  constructor() {
    super("This setup link is not valid or has expired. Ask for a new one.");
    this.name = "SetupLinkInvalidError";
  }
}

const identifierFor = (token: string) => `${SETUP_PREFIX}${createHash("sha256").update(token).digest("hex")}`;

export async function createOperator(
  input: { email: string; name?: string },
  now = new Date(),
): Promise<{ operatorId: string; created: boolean; link: string; expiresAt: Date }> {
  const context = await getOperatorAuth().$context;
  const email = input.email.trim().toLowerCase();
  const existing = await context.internalAdapter.findUserByEmail(email);
  const user =
    existing?.user ??
    (await context.internalAdapter.createUser(
      // The command line is run by whoever runs the server, so its operators are owners.
      { email, name: input.name?.trim() || email.split("@")[0]!, emailVerified: true, role: "owner" },
      { method: "admin" },
    ));
  if (!existing) {
    await recordAudit({
      operatorId: null,
      action: "operator.create",
      targetType: "operator",
      targetId: user.id,
      details: { actor: "cli" },
    });
  }
  const { link, expiresAt } = await issueSetupLink(user.id, existing ? "cli" : null, now);
  return { operatorId: user.id, created: !existing, link, expiresAt };
}

/** Earlier unused links stop working. `actor`: null when just created (already audited), or "cli". */
export async function issueSetupLink(
  operatorId: string,
  actor: string | null,
  now = new Date(),
): Promise<{ link: string; expiresAt: Date }> {
  const { link, expiresAt } = await writeSetupLink(getDb(), operatorId, now);
  if (actor) {
    await recordAudit({
      operatorId: actor === "cli" ? null : actor,
      action: "operator.setup_link",
      targetType: "operator",
      targetId: operatorId,
      details: actor === "cli" ? { actor: "cli" } : {},
    });
  }
  return { link, expiresAt };
}

type LinkWriter = Pick<Prisma.TransactionClient, "operatorVerification">;

/** In `tx` when given, so an invitation and its e-mail commit together. */
export async function writeSetupLink(
  tx: LinkWriter,
  operatorId: string,
  now = new Date(),
): Promise<{ link: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SETUP_LINK_LIFETIME_MS);
  await tx.operatorVerification.deleteMany({ where: { value: operatorId, identifier: { startsWith: SETUP_PREFIX } } });
  await tx.operatorVerification.create({
    data: { id: randomUUID(), identifier: identifierFor(token), value: operatorId, expiresAt },
  });
  return { link: `${getConfig().SITE_URL}/admin/setup?token=${encodeURIComponent(token)}`, expiresAt };
}

/** The password may not be used (too short or long, common, or the operator's own e-mail name). */
export class PasswordRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PasswordRefusedError";
  }
}

/**
 * Sets the password. A setup link is also how a lost factor is recovered, so it removes the
 * operator's passkeys and authenticator app and ends every session: the next sign-in enrols afresh.
 */
export async function completeSetup(token: string, password: string, ip: string | null): Promise<{ email: string }> {
  const early = passwordProblem(password);
  if (early) throw new PasswordRefusedError(early);
  const context = await getOperatorAuth().$context;
  const pending = await context.internalAdapter.findVerificationValue(identifierFor(token));
  const owner =
    pending && pending.expiresAt > new Date() ? await context.internalAdapter.findUserById(pending.value) : null;
  if (!owner) throw new SetupLinkInvalidError();
  // Checked before the link is spent, so a refused password leaves it usable.
  const problem = passwordProblem(password, owner.email);
  if (problem) throw new PasswordRefusedError(problem);
  // Of two concurrent uses only the first gets the row.
  const verification = await context.internalAdapter.consumeVerificationValue(identifierFor(token));
  if (!verification) throw new SetupLinkInvalidError();
  const user = await context.internalAdapter.findUserById(verification.value);
  if (!user) throw new SetupLinkInvalidError();
  const hash = await context.password.hash(password);
  const account = await context.internalAdapter.findCredentialAccount(user.id);
  if (account) await context.internalAdapter.updatePassword(user.id, hash);
  else
    await context.internalAdapter.createAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: hash,
    });
  await getDb().$transaction(async (tx) => {
    const passkeys = await tx.operatorPasskey.deleteMany({ where: { userId: user.id } });
    const totp = await tx.operatorTwoFactor.deleteMany({ where: { userId: user.id } });
    await tx.operatorUser.update({ where: { id: user.id }, data: { twoFactorEnabled: false } });
    await tx.operatorSession.deleteMany({ where: { userId: user.id } });
    const reset = { passkeys: passkeys.count, totp: totp.count > 0 };
    await recordAudit(
      {
        operatorId: user.id,
        action: "operator.password_set",
        targetType: "operator",
        targetId: user.id,
        ...(reset.passkeys || reset.totp ? { details: { factorsRemoved: reset } } : {}),
        ip,
      },
      tx,
    );
    if (reset.passkeys || reset.totp) await notifyOperator(user, { kind: "factors_reset", ...reset }, ip, tx);
  });
  return { email: user.email };
}
