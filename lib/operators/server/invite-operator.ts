import "server-only";
import { randomUUID } from "node:crypto";
import { render } from "@react-email/render";
import { createElement } from "react";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/platform/shared/api-error";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import {
  OperatorSetupLink,
  operatorSetupLinkSubject,
  type OperatorSetupLinkProps,
} from "@/lib/emails/operator-setup-link";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { writeSetupLink } from "@/lib/operators/server/set-up-operator";
import type { Operator } from "@/lib/operators/server/require-operator";
import type { OperatorRole } from "@/lib/operators/shared/permissions";

// Account, setup link, e-mail and audit row commit together or not at all.

type Actor = { operator: Operator; ip: string | null };

/** A new setup link for the operator, its audit row and its e-mail; answers when the link expires. */
async function sendSetupLink(
  tx: Prisma.TransactionClient,
  operatorId: string,
  to: { email: string; name: string },
  reason: OperatorSetupLinkProps["reason"],
  audit: { action: string; details: Prisma.InputJsonObject },
  actor: Actor,
  now: Date,
): Promise<Date> {
  const link = await writeSetupLink(tx, operatorId, now);
  await recordAudit(
    { operatorId: actor.operator.id, ...audit, targetType: "operator", targetId: operatorId, ip: actor.ip },
    tx,
  );
  const { PROVIDER_NAME } = getConfig();
  const expires = `${link.expiresAt.toISOString().slice(11, 16)} UTC, ${link.expiresAt.toISOString().slice(0, 10)}`;
  const element = createElement(OperatorSetupLink, {
    reason,
    name: to.name,
    link: link.link,
    sentBy: actor.operator.email,
    expires,
    providerName: PROVIDER_NAME,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  await enqueueEmail(
    {
      template: "operator-setup-link",
      to: to.email,
      subject: operatorSetupLinkSubject(reason, PROVIDER_NAME),
      html,
      text,
    },
    tx,
  );
  return link.expiresAt;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "P2002";

export async function inviteOperator(
  input: { email: string; name: string; role: OperatorRole },
  actor: Actor,
  now = new Date(),
): Promise<{ operatorId: string; expiresAt: Date }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  try {
    return await getDb().$transaction(async (tx) => {
      if (await tx.operatorUser.findUnique({ where: { email }, select: { id: true } })) throw duplicate();
      const operatorId = randomUUID();
      await tx.operatorUser.create({ data: { id: operatorId, email, name, emailVerified: true, role: input.role } });
      const audit = { action: "operator.invite", details: { email, role: input.role } };
      const expiresAt = await sendSetupLink(tx, operatorId, { email, name }, "invite", audit, actor, now);
      return { operatorId, expiresAt };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

const duplicate = () =>
  new ApiError("conflict", "An operator with this e-mail already exists. Send them a fresh link instead.");

/** The password stays until the link is used. */
export async function sendFreshLink(operatorId: string, actor: Actor, now = new Date()): Promise<{ expiresAt: Date }> {
  return getDb().$transaction(async (tx) => {
    const target = await tx.operatorUser.findUnique({ where: { id: operatorId }, select: { email: true, name: true } });
    if (!target) throw new ApiError("not_found", "No such operator.");
    const audit = { action: "operator.setup_link", details: { by: "email" } };
    return { expiresAt: await sendSetupLink(tx, operatorId, target, "reset", audit, actor, now) };
  });
}
