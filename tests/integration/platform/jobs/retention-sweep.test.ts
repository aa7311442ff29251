import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { sendJob } from "@/lib/platform/server/jobs/boss";
import { deliverEmail } from "@/lib/platform/server/mail/deliver-email";
import { enqueueEmail } from "@/lib/platform/server/mail/mailer";
import { DEAD_LETTER_QUEUE, QUEUES } from "@/lib/platform/shared/queues";
import { DAY_MS } from "@/lib/shared/dates";
import { archiveJob, insertJob, workOff, type JobRow } from "@/tests/support/jobs";
import { scanDatabase } from "@/tests/support/scan-database";

// The daily retention job, run through the queue as a worker runs it, at the defaults: sent e-mail
// bodies blanked after 30 days, finished, failed, archived and dead-letter jobs deleted after 14.

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

async function settledEmail(template: string, to: string, sentDaysAgo: number): Promise<string> {
  const id = await enqueueEmail({ template, to, subject: "Hi", html: `<p>Hi ${to}</p>`, text: `Hi ${to}` });
  await deliverEmail(id);
  await getDb().outgoingEmail.update({ where: { id }, data: { sentAt: daysAgo(sentDaysAgo) } });
  return id;
}

const job = (name: string, state: JobRow["state"], ageDays: number, output?: object) =>
  insertJob({ name, state, ageDays, data: { emailId: randomUUID() }, output });

const jobIds = async (table: "job" | "archive", ids: string[]) =>
  (
    await getDb().$queryRawUnsafe<{ id: string }[]>(
      `SELECT id::text FROM pgboss.${table} WHERE id = ANY($1::uuid[])`,
      ids,
    )
  ).map((row) => row.id);

describe("retention job", () => {
  it("blanks settled e-mail bodies past the period and deletes spent jobs, keeping what is recent or pending", async () => {
    const person = `retained-${randomUUID()}@example.com`;
    const oldPlain = await settledEmail("welcome", person, 31);
    const oldSealed = await settledEmail("operator-setup-link", person, 31);
    const recent = await settledEmail("welcome", `recent-${randomUUID()}@example.com`, 29);
    const pending = await enqueueEmail({ template: "welcome", to: person, subject: "Hi", html: "<p>x</p>", text: "x" });
    await getDb().outgoingEmail.update({ where: { id: pending }, data: { createdAt: daysAgo(40) } });

    const failed = await job(QUEUES.email, "failed", 15, { message: `550 mailbox ${person} unavailable` });
    const completed = await job(QUEUES.email, "completed", 15);
    const archived = await job(QUEUES.email, "completed", 20, { message: `bounced ${person}` });
    await archiveJob(archived);
    const deadLetter = await job(DEAD_LETTER_QUEUE, "created", 15, { message: `for ${person}` });
    const keptFailed = await job(QUEUES.email, "failed", 13, { message: "recent" });
    const keptWaiting = await job(QUEUES.email, "created", 15);
    const keptArchived = await job(QUEUES.email, "completed", 2);
    await archiveJob(keptArchived);

    await sendJob(QUEUES.retention, {});
    expect(await workOff(QUEUES.retention)).toBe(1);

    const rows = await getDb().outgoingEmail.findMany({
      where: { id: { in: [oldPlain, oldSealed, recent, pending] } },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const blank = { html: "", text: "", attachments: [], headers: {}, sealedBody: null };
    expect(byId.get(oldPlain)).toMatchObject({ ...blank, status: "LOGGED", recipient: person, subject: "Hi" });
    expect(byId.get(oldSealed)).toMatchObject({ ...blank, status: "LOGGED" });
    expect(byId.get(recent)?.html).toContain("Hi recent-");
    expect(byId.get(pending)).toMatchObject({ status: "QUEUED", html: "<p>x</p>" });

    expect(await jobIds("job", [failed, completed, deadLetter, keptFailed, keptWaiting])).toEqual(
      expect.arrayContaining([keptFailed, keptWaiting]),
    );
    expect(await jobIds("job", [failed, completed, deadLetter])).toEqual([]);
    expect(await jobIds("archive", [archived, keptArchived])).toEqual([keptArchived]);
    // What the person's address was left in: the recipient column of the kept delivery history only.
    expect((await scanDatabase([person], ["public", "pgboss"])).map((hit) => `${hit.table}.${hit.column}`)).toEqual([
      "outgoing_emails.recipient",
    ]);
  });
});
