import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/platform/server/db";
import { ApiError } from "@/lib/platform/shared/api-error";
import { hashLinkToken, linkTokenSchema } from "@/lib/platform/server/security/link-token";
import { log } from "@/lib/platform/server/logger";

// Single use: the hash is cleared in the same update that records the sign-in (used_at, used_ip),
// so two presses, or two browsers, cannot both sign in with one link.

export const openBillingLinkSchema = z.strictObject({ token: linkTokenSchema });

/** Whether the link would still sign in; the page reads this without spending the link. */
export async function billingLinkUsable(token: string, now = new Date()): Promise<boolean> {
  const row = await getDb().billingLink.findUnique({
    where: { tokenHash: hashLinkToken(token) },
    select: { usedAt: true, expiresAt: true },
  });
  return row !== null && row.usedAt === null && row.expiresAt > now;
}

/** The address the link was sent to; the link is spent. */
export async function openBillingLink(token: string, clientIp: string, now = new Date()): Promise<string> {
  const rows = await getDb().billingLink.updateManyAndReturn({
    where: { tokenHash: hashLinkToken(token), usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now, usedIp: clientIp, tokenHash: null },
    select: { id: true, email: true },
  });
  const link = rows[0];
  if (!link) throw new ApiError("email_link_invalid");
  log.info(`[billing] sign-in with link ${link.id}`);
  return link.email;
}
