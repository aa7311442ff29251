import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getConfig } from "@/lib/platform/server/config";
import { getDb } from "@/lib/platform/server/db";
import { sendPrivacyDeadlineDigest } from "@/lib/privacy/server/deadline-digest";

// The daily privacy-deadline digest against seeded requests, at a fixed clock: 13:00 UTC keeps
// the digest's day and the hours added below clear of midnight.

const HOUR_MS = 60 * 60 * 1000;
const NOW = new Date(Date.UTC(2025, 8, 10, 13, 0, 0));

async function seed(label: string, respondInHours: number, status = "received", verified = true): Promise<string> {
  const id = randomUUID();
  const createdAt = new Date(NOW.getTime() + (respondInHours - 45 * 24) * HOUR_MS);
  await getDb().privacyRequest.create({
    data: {
      id,
      email: `${label}-${id}@example.com`,
      name: label,
      requestType: "access",
      status,
      respondBy: new Date(NOW.getTime() + respondInHours * HOUR_MS),
      browserId: randomUUID(),
      createdAt,
      verifiedAt: verified ? createdAt : null,
    },
  });
  return id;
}

describe("privacy-deadline digest", () => {
  it("lists overdue and due-within-7-days open requests to PROVIDER_EMAIL, once a day", async () => {
    const lateThreeDays = await seed("late3", -72);
    const lateOneHour = await seed("late1h", -1);
    const inTwoDays = await seed("in2d", 48);
    const inProgressTomorrow = await seed("tomorrow", 24, "in_progress");
    const justInside = await seed("in7d", 7 * 24);
    await seed("in8d", 8 * 24);
    await seed("answered", -48, "completed");
    await seed("closed", 24, "Closed");
    // Never verified: nobody can act on it, so it is no deadline to chase.
    await seed("unverified", -24, "received", false);

    const outcome = await sendPrivacyDeadlineDigest(NOW);
    expect(outcome).toMatchObject({ day: "2025-09-10", overdue: 2, dueSoon: 3, alreadySent: false });
    const email = await getDb().outgoingEmail.findUniqueOrThrow({ where: { id: outcome.emailId! } });
    expect(email).toMatchObject({
      template: "privacy-deadlines",
      recipient: getConfig().PROVIDER_EMAIL,
      subject: "Privacy requests: 2 overdue, 3 due within 7 days",
    });
    // Most urgent first within each list; nothing else named.
    const order = [lateThreeDays, lateOneHour, inProgressTomorrow, inTwoDays, justInside];
    const positions = order.map((id) => email.text.indexOf(id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(email.text).toMatch(
      /Overdue[\s\S]*3 days late[\s\S]*1 day late[\s\S]*Due within 7 days[\s\S]*in 1 day\b[\s\S]*in 2 days[\s\S]*in 7 days/i,
    );
    expect(email.text.match(/[0-9a-f]{8}-[0-9a-f]{4}-/g)).toHaveLength(5);
    expect(email.text).not.toContain("@example.com");

    // The same day again (a retry, a second worker's run): nothing more.
    const again = await sendPrivacyDeadlineDigest(new Date(NOW.getTime() + 5 * HOUR_MS));
    expect(again).toMatchObject({ emailId: null, alreadySent: true });
    const parallel = await Promise.all([0, 1, 2].map(() => sendPrivacyDeadlineDigest(NOW)));
    expect(parallel.every((run) => run.emailId === null)).toBe(true);
    expect(await getDb().outgoingEmail.count({ where: { template: "privacy-deadlines", text: email.text } })).toBe(1);
  });

  it("sends one digest when two first runs of a day race", async () => {
    const day = new Date(Date.UTC(2025, 2, 3, 13, 0, 0));
    const raced = await getDb().privacyRequest.create({
      data: {
        email: "race@example.com",
        name: "race",
        requestType: "delete",
        respondBy: new Date(day.getTime() + 2 * HOUR_MS),
        browserId: randomUUID(),
        verifiedAt: day,
      },
    });
    const runs = await Promise.all([0, 1, 2, 3].map(() => sendPrivacyDeadlineDigest(day)));
    expect(runs.filter((run) => run.emailId !== null)).toHaveLength(1);
    // Answered, so it is not overdue in the other tests' (later) digests.
    await getDb().privacyRequest.update({ where: { id: raced.id }, data: { status: "completed" } });
  });

  it("sends nothing on a day with no request due", async () => {
    const quiet = new Date(Date.UTC(2024, 0, 15, 13, 0, 0));
    const outcome = await sendPrivacyDeadlineDigest(quiet);
    expect(outcome).toEqual({ day: "2024-01-15", overdue: 0, dueSoon: 0, emailId: null, alreadySent: false });
    expect(await getDb().dailyDigest.count({ where: { day: "2024-01-15" } })).toBe(0);
  });
});
