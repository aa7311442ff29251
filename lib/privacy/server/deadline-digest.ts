import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import type { JobHandler } from "@/lib/platform/server/jobs/handlers";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { PrivacyDeadlines, privacyDeadlinesSubject, type DeadlineLine } from "@/lib/emails/privacy-deadlines";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import {
  CLOSED_PRIVACY_STATUSES,
  classifyDeadlines,
  digestDay,
  dueHorizon,
  type DeadlineEntry,
} from "@/lib/privacy/shared/deadlines";
import { log } from "@/lib/platform/server/logger";

// The day row is written in the e-mail's transaction, so a second run that day sends nothing.

export const DIGEST_KIND = "privacy-deadlines";
const MAX_LISTED = 500;

export type DigestOutcome = {
  day: string;
  overdue: number;
  dueSoon: number;
  emailId: string | null;
  alreadySent: boolean;
};

const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

const toLine = (entry: DeadlineEntry): DeadlineLine => ({
  id: entry.id,
  requestType: entry.requestType,
  status: entry.status,
  respondBy: longDate(entry.respondBy),
  days: entry.daysLeft,
});

export async function sendPrivacyDeadlineDigest(now = new Date()): Promise<DigestOutcome> {
  const db = getDb();
  const day = digestDay(now);
  if (await db.dailyDigest.findUnique({ where: { kind_day: { kind: DIGEST_KIND, day } } })) {
    return { day, overdue: 0, dueSoon: 0, emailId: null, alreadySent: true };
  }
  const rows = await db.privacyRequest.findMany({
    where: {
      respondBy: { lte: dueHorizon(now) },
      // Unverified requests cannot be acted on; their link lapses long before the horizon.
      verifiedAt: { not: null },
      // Case-blind, so "Completed" rows cannot crowd open ones out of the page.
      NOT: CLOSED_PRIVACY_STATUSES.map((status) => ({ status: { equals: status, mode: "insensitive" as const } })),
    },
    select: { id: true, requestType: true, status: true, respondBy: true },
    orderBy: { respondBy: "asc" },
    take: MAX_LISTED,
  });
  const { overdue, dueSoon } = classifyDeadlines(rows, now);
  if (overdue.length + dueSoon.length === 0) return { day, overdue: 0, dueSoon: 0, emailId: null, alreadySent: false };

  const { PROVIDER_EMAIL, PROVIDER_NAME } = getConfig();
  const element = createElement(PrivacyDeadlines, {
    day,
    overdue: overdue.map(toLine),
    dueSoon: dueSoon.map(toLine),
    providerName: PROVIDER_NAME,
  });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  const emailId = await db.$transaction(async (tx) => {
    // The day's key decides between two concurrent runs.
    const claimed = await tx.$executeRaw`
      INSERT INTO daily_digests (kind, day, email_id) VALUES (${DIGEST_KIND}, ${day}, gen_random_uuid())
      ON CONFLICT DO NOTHING`;
    if (claimed === 0) return null;
    const id = await enqueueEmail(
      {
        template: "privacy-deadlines",
        to: PROVIDER_EMAIL,
        subject: privacyDeadlinesSubject(overdue.length, dueSoon.length),
        html,
        text,
      },
      tx,
    );
    await tx.dailyDigest.update({ where: { kind_day: { kind: DIGEST_KIND, day } }, data: { emailId: id } });
    return id;
  });
  return { day, overdue: overdue.length, dueSoon: dueSoon.length, emailId, alreadySent: emailId === null };
}

export const privacyDeadlinesJob: JobHandler = async () => {
  const outcome = await sendPrivacyDeadlineDigest();
  log.info(
    outcome.alreadySent
      ? `[privacy] deadline digest ${outcome.day}: already sent today`
      : `[privacy] deadline digest ${outcome.day}: ${outcome.overdue} overdue, ${outcome.dueSoon} due within 7 days, ` +
          (outcome.emailId ? `e-mail ${outcome.emailId} queued` : "no e-mail"),
  );
};
