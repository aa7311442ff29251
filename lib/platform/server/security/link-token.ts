import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { LINK_TOKEN_PATTERN } from "@/lib/platform/shared/link-token-pattern";

// Single-use links sent by e-mail: the token goes only into the link, the table keeps its SHA-256,
// so a leaked table opens nothing. 32 random bytes need no key or slow hash.

export const linkTokenSchema = z.string().regex(LINK_TOKEN_PATTERN, "token must be an e-mailed link's token");

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
