import "server-only";
import { ApiError } from "@/lib/platform/shared/api-error";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { addressHash } from "@/lib/platform/server/mail/unsubscribe-keys";
import { getDb } from "@/lib/platform/server/db";
import { erasePerson } from "@/lib/privacy/server/erase-person";
import { recordCounts, recordsFor, recordsJson } from "@/lib/privacy/server/person-records";
import { setPrivacyFlag } from "@/lib/platform/server/privacy-flags";
import { isOpenPrivacyStatus } from "@/lib/privacy/shared/deadlines";
import { ACTION_FOR_TYPE, AUDIT_ACTIONS, type RequestAction } from "@/lib/privacy/shared/request-outcomes";
import type { Prisma, PrivacyRequest } from "@/lib/generated/prisma/client";

// Each action commits with its audit row. Audit details never hold the address.

export type Actor = { operatorId: string; ip: string };
type Tx = Prisma.TransactionClient;

async function openRequest(tx: Tx, id: string): Promise<PrivacyRequest> {
  const request = await tx.privacyRequest.findUnique({ where: { id } });
  if (!request) throw new ApiError("not_found", "No privacy request has this id.");
  requireVerified(request);
  return request;
}

/** Nothing is exported, erased or completed for someone who has not shown they hold the address. */
export function requireVerified(request: Pick<PrivacyRequest, "verifiedAt">): void {
  if (!request.verifiedAt) throw new ApiError("privacy_request_unverified");
}

function requireAction(request: PrivacyRequest, action: RequestAction): void {
  const expected = ACTION_FOR_TYPE[request.requestType as keyof typeof ACTION_FOR_TYPE];
  if (expected !== action)
    throw new ApiError("conflict", `A ${request.requestType} request does not take this action.`);
  if (!isOpenPrivacyStatus(request.status)) throw new ApiError("conflict", "This request is already completed.");
}

const audit = (tx: Tx, actor: Actor, request: PrivacyRequest, action: string, details: Prisma.InputJsonObject) =>
  recordAudit(
    {
      operatorId: actor.operatorId,
      action,
      targetType: "privacy_request",
      targetId: request.id,
      details: { requestType: request.requestType, ...details },
      ip: actor.ip,
    },
    tx,
  );

export async function exportForRequest(id: string, actor: Actor): Promise<{ filename: string; json: string }> {
  return getDb().$transaction(async (tx) => {
    const request = await openRequest(tx, id);
    const records = await recordsFor(tx, request.email);
    const counts = Object.fromEntries(recordCounts(records).map(({ table, rows }) => [table, rows]));
    await audit(tx, actor, request, AUDIT_ACTIONS.export, { counts });
    const json = recordsJson(records, {
      exportedAt: new Date().toISOString(),
      requestId: request.id,
      email: request.email,
    });
    return { filename: `privacy-export-${request.id}.json`, json };
  });
}

export async function eraseForRequest(id: string, actor: Actor): Promise<Record<string, number>> {
  return getDb().$transaction(
    async (tx) => {
      const request = await openRequest(tx, id);
      requireAction(request, "erase");
      const counts = await erasePerson(tx, request.email);
      await audit(tx, actor, request, AUDIT_ACTIONS.erase, { counts });
      return counts;
    },
    { timeout: 30_000 },
  );
}

export async function applyRequestFlags(id: string, actor: Actor): Promise<{ changed: boolean }> {
  return getDb().$transaction(async (tx) => {
    const request = await openRequest(tx, id);
    const action = ACTION_FOR_TYPE[request.requestType as keyof typeof ACTION_FOR_TYPE];
    if (action !== "opt_out" && action !== "limit_sensitive" && action !== "withdraw_consent") {
      throw new ApiError("conflict", `A ${request.requestType} request sets no flag.`);
    }
    requireAction(request, action);
    let changed = false;
    if (action === "opt_out") changed = await setPrivacyFlag(tx, request.email, "optOutSharing");
    if (action === "limit_sensitive") changed = await setPrivacyFlag(tx, request.email, "limitSensitive");
    if (action === "opt_out" || action === "withdraw_consent") {
      const added = await tx.emailSuppression.createMany({
        data: [{ addressHash: addressHash(request.email), reason: "PRIVACY_REQUEST" }],
        skipDuplicates: true,
      });
      changed = changed || added.count > 0;
    }
    await audit(tx, actor, request, AUDIT_ACTIONS[action], { changed });
    return { changed };
  });
}

export async function actionDone(db: Tx, request: Pick<PrivacyRequest, "id" | "requestType">): Promise<boolean> {
  const action = ACTION_FOR_TYPE[request.requestType as keyof typeof ACTION_FOR_TYPE];
  if (!action) return true;
  const found = await db.auditLog.count({
    where: { targetType: "privacy_request", targetId: request.id, action: AUDIT_ACTIONS[action] },
  });
  return found > 0;
}
