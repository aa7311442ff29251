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

// Account, setup link, e-mail and audit row commit together or not at all.

type Actor = { operator: Operator; ip: string | null };

async function queueLinkMail(
  tx: Prisma.TransactionClient,
  to: { email: string; name: string },
  link: { link: string; expiresAt: Date },
  reason: OperatorSetupLinkProps["reason"],
  actor: Actor,
): Promise<void> {
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
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "P2002";

export async function inviteOperator(
  input: { email: string; name: string },
  actor: Actor,
  now = new Date(),
): Promise<{ operatorId: string; expiresAt: Date }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  try {
    return await getDb().$transaction(async (tx) => {
      if (await tx.operatorUser.findUnique({ where: { email }, select: { id: true } })) throw duplicate();
      const operatorId = randomUUID();
      await tx.operatorUser.create({ data: { id: operatorId, email, name, emailVerified: true } });
      const link = await writeSetupLink(tx, operatorId, now);
      await recordAudit(
        {
          operatorId: actor.operator.id,
          action: "operator.invite",
          targetType: "operator",
          targetId: operatorId,
          details: { email },
          ip: actor.ip,
        },
        tx,
      );
      await queueLinkMail(tx, { email, name }, link, "invite", actor);
      return { operatorId, expiresAt: link.expiresAt };
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
    const link = await writeSetupLink(tx, operatorId, now);
    await recordAudit(
      {
        operatorId: actor.operator.id,
        action: "operator.setup_link",
        targetType: "operator",
        targetId: operatorId,
        details: { by: "email" },
        ip: actor.ip,
      },
      tx,
    );
    await queueLinkMail(tx, target, link, "reset", actor);
    return { expiresAt: link.expiresAt };
  });
}
