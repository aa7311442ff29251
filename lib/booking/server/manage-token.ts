import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/platform/server/config";
import { hashLinkToken, newLinkToken } from "@/lib/platform/server/security/link-token";
import { LINK_TOKEN_PATTERN } from "@/lib/platform/shared/link-token-pattern";

// Only the SHA-256 is kept, so a leaked table opens no booking.

export const manageTokenSchema = z.string().regex(LINK_TOKEN_PATTERN, "token must be a booking link token");

export const newManageToken = newLinkToken;
export const hashManageToken = hashLinkToken;

export function manageUrl(token: string): string {
  return `${getConfig().SITE_URL}/schedule-call/manage?token=${token}`;
}
