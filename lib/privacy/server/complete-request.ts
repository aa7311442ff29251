import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import { ApiError } from "@/lib/platform/shared/api-error";
import { recordAudit } from "@/lib/platform/server/audit-log";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { PrivacyRequestCompleted } from "@/lib/emails/privacy-request-completed";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { recordsFor, recordsJson } from "@/lib/privacy/server/person-records";
import { actionDone, requireVerified, type Actor } from "@/lib/privacy/server/request-actions";
import { isOpenPrivacyStatus } from "@/lib/privacy/shared/deadlines";
import { COMPLETION_MESSAGES, COMPLETION_SUBJECT, isPrivacyRequestType } from "@/lib/privacy/shared/request-outcomes";

// The answer goes to the very address the data was matched by. A request whose own action was
// not carried out cannot be completed: "completed" must mean done.

export async function completeRequest(id: string, actor: Actor, now = new Date()): Promise<{ emailId: string }> {
  const db = getDb();
  const request = await db.privacyRequest.findUnique({ where: { id } });
  if (!request) throw new ApiError("not_found", "No privacy request has this id.");
  requireVerified(request);
  if (!isOpenPrivacyStatus(request.status)) throw new ApiError("conflict", "This request is already completed.");
  if (!isPrivacyRequestType(request.requestType)) throw new ApiError("conflict", "Unknown request type.");
  if (!(await actionDone(db, request))) {
    throw new ApiError("conflict", "Carry out the request (export, erase or set the flag) before completing it.");
  }
  const { PROVIDER_NAME, PROVIDER_EMAIL } = getConfig();
  const element = createElement(PrivacyRequestCompleted, {
    message: COMPLETION_MESSAGES[request.requestType],
    requestId: request.id,
    providerName: PROVIDER_NAME,
    providerEmail: PROVIDER_EMAIL,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return db.$transaction(async (tx) => {
    // Two operators completing at once send one e-mail.
    const { count } = await tx.privacyRequest.updateMany({
      where: { id, status: request.status, completedAt: null, verifiedAt: { not: null } },
      data: { status: "completed", completedAt: now, completedBy: actor.operatorId },
    });
    if (count === 0) throw new ApiError("conflict", "This request is already completed.");
    const attachments =
      request.requestType === "access"
        ? [
            {
              filename: `privacy-export-${request.id}.json`,
              contentType: "application/json",
              content: recordsJson(await recordsFor(tx, request.email), {
                exportedAt: now.toISOString(),
                requestId: request.id,
                email: request.email,
              }),
            },
          ]
        : [];
    const emailId = await enqueueEmail(
      {
        template: "privacy-request-completed",
        to: request.email,
        subject: COMPLETION_SUBJECT,
        html,
        text,
        attachments,
      },
      tx,
    );
    await recordAudit(
      {
        operatorId: actor.operatorId,
        action: "privacy.complete",
        targetType: "privacy_request",
        targetId: request.id,
        details: { requestType: request.requestType, emailId, exportAttached: attachments.length > 0 },
        ip: actor.ip,
      },
      tx,
    );
    return { emailId };
  });
}
