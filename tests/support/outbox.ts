import type { OutgoingEmail, Prisma } from "@/lib/generated/prisma/client";
import { getDb } from "@/lib/platform/server/db";
import { storedBody } from "@/lib/platform/server/mail/mailer";
import type { EmailBody } from "@/lib/platform/server/mail/seal-email-body";

// Outbox rows as a provider gets them: a secret-link template's body is sealed at rest, so tests
// read html, text, attachments and headers through the app's own opener, never the raw columns.

export type OpenedEmail = Omit<OutgoingEmail, keyof EmailBody> & EmailBody;

export function openedEmail(row: OutgoingEmail): OpenedEmail {
  return { ...row, ...storedBody(row) };
}

export async function outboxMails(where: Prisma.OutgoingEmailWhereInput): Promise<OpenedEmail[]> {
  const rows = await getDb().outgoingEmail.findMany({ where, orderBy: { createdAt: "asc" } });
  return rows.map(openedEmail);
}
