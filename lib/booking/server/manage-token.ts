import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { getConfig } from "@/lib/platform/server/config";

// The manage link of a booking (cancel or move): a random 256-bit token sent only in the
// visitor's e-mail; the database keeps its SHA-256, so a leaked table opens no booking.

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
