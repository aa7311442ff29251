import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { getConfig } from "@/lib/platform/server/config";

// Only the SHA-256 is kept, so a leaked table opens no booking.

export const manageTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "token must be a booking link token");

export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashManageToken(token) };
}

export function hashManageToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function manageUrl(token: string): string {
  return `${getConfig().SITE_URL}/schedule-call/manage?token=${token}`;
}
