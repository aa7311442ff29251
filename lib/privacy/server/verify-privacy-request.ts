import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { hashLinkToken, linkTokenSchema } from "@/lib/platform/server/security/link-token";
import { log } from "@/lib/platform/server/logger";

// The link sent to the request's address proves the requester holds it. Single use: the hash is
// cleared in the same update that marks the request verified.

export const verifyPrivacyRequestSchema = z.strictObject({ token: linkTokenSchema });

export async function verifyPrivacyRequest(token: string, now = new Date()): Promise<void> {
  const rows = await getDb().privacyRequest.updateManyAndReturn({
    where: { verifyTokenHash: hashLinkToken(token), verifiedAt: null, verifyExpiresAt: { gt: now } },
    data: { verifiedAt: now, verifyTokenHash: null },
    select: { id: true },
  });
  const verified = rows[0];
  if (!verified) throw new ApiError("email_link_invalid");
  log.info(`[privacy] request ${verified.id} verified`);
}
