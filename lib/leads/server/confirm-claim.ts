import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { hashLinkToken, linkTokenSchema } from "@/lib/platform/server/security/link-token";
import { stampProspectVariants } from "@/lib/experiments/server/stamp-variants";

// The welcome e-mail's link proves the address: the claim's session and what it recorded join the
// lead, and the entered name and last touch replace the lead's (docs/decisions/0018).

export const confirmClaimSchema = z.strictObject({ token: linkTokenSchema });

export async function confirmLeadClaim(token: string, now = new Date()): Promise<void> {
  await getDb().$transaction(async (tx) => {
    const claim = await tx.leadClaim.findUnique({
      where: { tokenHash: hashLinkToken(token) },
      include: { session: { select: { browserId: true } } },
    });
    if (!claim || claim.expiresAt <= now) throw new ApiError("email_link_invalid");
    // Single use: of two clicks at once, one deletes the row and the other finds nothing.
    const { count } = await tx.leadClaim.deleteMany({ where: { id: claim.id } });
    if (count === 0) throw new ApiError("email_link_invalid");
    const { prospectId, sessionId } = claim;
    const lastTouch = {
      lastUtmSource: claim.utmSource,
      lastUtmMedium: claim.utmMedium,
      lastUtmCampaign: claim.utmCampaign,
      lastUtmTerm: claim.utmTerm,
      lastUtmContent: claim.utmContent,
    };
    const hasUtm = Object.values(lastTouch).some(Boolean);
    await tx.prospect.update({
      where: { id: prospectId },
      data: { name: claim.name, firstName: claim.firstName, lastName: claim.lastName, ...(hasUtm ? lastTouch : {}) },
    });
    await tx.funnelSession.update({ where: { id: sessionId }, data: { prospectId } });
    const unlinked = { sessionId, prospectId: null };
    await tx.surveyResponse.updateMany({ where: unlinked, data: { prospectId } });
    await tx.phoneConsent.updateMany({ where: unlinked, data: { prospectId } });
    await tx.scheduledCall.updateMany({ where: unlinked, data: { prospectId } });
    await stampProspectVariants(tx, prospectId, claim.session.browserId);
  });
}
