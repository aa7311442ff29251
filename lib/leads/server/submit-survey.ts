import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { bindFunnelSession } from "@/lib/leads/server/session-store";
import { isQualified, RULE_VERSION } from "@/lib/leads/shared/qualification";
import type { SurveyInput } from "@/lib/leads/shared/survey-schema";
import { emitWebhookEvent } from "@/lib/platform/server/webhooks/emit-event";

// The server's own qualification result, never the client's (docs/product.md#qualification).

export async function submitSurvey(
  input: SurveyInput,
  context: { browserId: string; gpcOptOut?: boolean },
): Promise<{ qualified: boolean; responseId: string }> {
  // Binding keeps the survey usable when the background registration failed.
  const session = await bindFunnelSession({
    sessionId: input.contactId,
    browserId: context.browserId,
    gpcOptOut: context.gpcOptOut,
  });
  const qualified = isQualified(input);
  const answers =
    input.hasBusiness === "Yes"
      ? { track: "BUSINESS_OWNER" as const, ...input.businessOwnerResponses }
      : { track: "NON_OWNER" as const, ...input.nonBusinessOwnerResponses };
  const row = await getDb().$transaction(async (tx) => {
    const created = await tx.surveyResponse.create({
      data: {
        sessionId: session.id,
        prospectId: session.prospectId,
        ...answers,
        qualified,
        ruleVersion: RULE_VERSION,
      },
      select: { id: true, createdAt: true },
    });
    if (qualified) {
      const prospect = session.prospectId
        ? await tx.prospect.findUnique({
            where: { id: session.prospectId },
            select: { id: true, name: true, email: true },
          })
        : null;
      // A second qualifying survey is the same news.
      await emitWebhookEvent(tx, "lead.qualified", prospect?.id ?? created.id, {
        leadId: prospect?.id ?? null,
        name: prospect?.name ?? null,
        email: prospect?.email ?? null,
        contactId: session.id,
        track: answers.track === "BUSINESS_OWNER" ? "business_owner" : "non_owner",
        ruleVersion: RULE_VERSION,
        qualifiedAt: created.createdAt.toISOString(),
      });
    }
    return created;
  });
  return { qualified, responseId: row.id };
}
