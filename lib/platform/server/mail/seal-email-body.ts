import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { z } from "zod";
import { derivedKey } from "@/lib/platform/server/security/derived-key";

// AES-256-GCM under a key derived from the site secret, which is never in the database, so a
// database read or backup alone opens no secret link. The row id is the associated data: a sealed
// body copied onto another row does not open.

const VERSION = "v1";

export const attachmentSchema = z.object({ filename: z.string(), contentType: z.string(), content: z.string() });
export const headersSchema = z.record(z.string(), z.string());
const sealedBodySchema = z.object({
  html: z.string(),
  text: z.string(),
  attachments: z.array(attachmentSchema),
  headers: headersSchema,
});
export type EmailBody = z.infer<typeof sealedBodySchema>;

function sealKey(): Buffer {
  return Buffer.from(derivedKey("outgoing-email-seal"), "base64url");
}

export function sealEmailBody(emailId: string, body: EmailBody): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(), iv).setAAD(Buffer.from(emailId, "utf8"));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body), "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString("base64url")}.${sealed.toString("base64url")}`;
}

/** Throws when the secret changed since sealing or the value was tampered with. */
export function openEmailBody(emailId: string, sealed: string): EmailBody {
  const [version, iv, payload] = sealed.split(".");
  if (version !== VERSION || !iv || !payload) throw new Error("not a sealed e-mail body");
  const bytes = Buffer.from(payload, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", sealKey(), Buffer.from(iv, "base64url"))
    .setAAD(Buffer.from(emailId, "utf8"))
    .setAuthTag(bytes.subarray(bytes.length - 16));
  const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]);
  return sealedBodySchema.parse(JSON.parse(plain.toString("utf8")));
}
