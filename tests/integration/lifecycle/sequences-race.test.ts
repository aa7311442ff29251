import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { erasePerson } from "@/lib/privacy/server/erase-person";
import { sweepLifecycle } from "@/lib/lifecycle/server/sweep-lifecycle";
import { wallClock } from "@/lib/shared/zoned-time";
import { DAY_MS } from "@/lib/shared/dates";
import {
  leadOnTrack,
  recordPurchase,
  recordScheduledCall,
  unsubscribeFromLatest,
  type Lead,
  type Track,
} from "../../support/lifecycle";

// A clock driven day by day through the three seeded sequences, a lead on each survey track for
// each case: left alone, buying the promoted product, unsubscribing and erased after the first
// e-mail (a qualified owner also books the call). Each day two sweeps run side by side after one
// stopped mid-run, and once while a third holds an enrollment locked: every lead gets exactly the
// e-mails due to it, once each, by key.

type Case = "alone" | "purchase" | "unsubscribe" | "erasure" | "booking";

const SEQUENCE_OF: Record<Track, string> = {
  "non-owner": "free-reader",
  owner: "owner-not-qualified",
  "qualified-owner": "qualified-owner-no-call",
};

/** How many of its sequence's three e-mails a lead gets. */
function expected(track: Track, kase: Case): number {
  if (kase === "alone") return 3;
  // The qualified owners' sequence promotes no product: a purchase does not end it.
  if (kase === "purchase" && track === "qualified-owner") return 3;
  return 1;
}

type Subject = { track: Track; kase: Case; lead: Lead; zone: string; done: boolean };

const hourIn = (at: Date, zone: string) => wallClock(at.getTime(), zone).hour;

describe("lifecycle sequences: every track and exit, two workers and a restart", () => {
  it("sends each lead exactly the steps due, once", { timeout: 300_000 }, async () => {
    const db = getDb();
    const subjects: Subject[] = [];
    const tracks: Track[] = ["non-owner", "owner", "qualified-owner"];
    for (const track of tracks) {
      const cases: Case[] = ["alone", "purchase", "unsubscribe", "erasure"];
      if (track === "qualified-owner") cases.push("booking");
      for (const kase of cases) {
        const lead = await leadOnTrack(track, `Ada ${track} ${kase}`);
        subjects.push({ track, kase, lead, zone: "America/New_York", done: kase === "alone" });
      }
    }
    // A lead whose browser gave a time zone (a call booked before the first e-mail) gets it in theirs.
    const tokyo = subjects.find((s) => s.track === "non-owner" && s.kase === "alone")!;
    await recordScheduledCall(tokyo.lead, "Asia/Tokyo");
    tokyo.zone = "Asia/Tokyo";

    const sequences = await db.sequence.findMany({ include: { steps: true } });
    expect(sequences.map((s) => s.key).sort()).toEqual(Object.values(SEQUENCE_OF).sort());
    const start = Date.now();
    const enrollmentOf = new Map<string, string>();

    for (let day = 0; day <= 12; day++) {
      const now = new Date(start + day * DAY_MS);
      // One worker stops after one enrollment (a deploy), then two run side by side.
      await sweepLifecycle({ now, maxSteps: 1 });
      if (day === 2) {
        // A third worker holds one due enrollment locked: the two skip it and it waits for the next run.
        await db.$transaction(
          async (tx) => {
            await tx.$queryRaw`SELECT id FROM sequence_enrollments WHERE state = 'ACTIVE' ORDER BY id LIMIT 1 FOR UPDATE`;
            await Promise.all([sweepLifecycle({ now }), sweepLifecycle({ now })]);
          },
          { maxWait: 10_000, timeout: 120_000 },
        );
      }
      await Promise.all([sweepLifecycle({ now }), sweepLifecycle({ now })]);

      if (day === 0) {
        const rows = await db.sequenceEnrollment.findMany({ include: { sequence: true } });
        expect(rows).toHaveLength(subjects.length * 3);
        for (const row of rows) enrollmentOf.set(`${row.prospectId}:${row.sequence.key}`, row.id);
      }
      // Every step still to come falls inside 09:00-17:00 of the lead's day.
      const open = await db.sequenceEnrollment.findMany({ where: { state: "ACTIVE", nextDueAt: { not: null } } });
      for (const e of open) {
        const zone = subjects.find((s) => s.lead.prospectId === e.prospectId)!.zone;
        expect(hourIn(e.nextDueAt!, zone)).toBeGreaterThanOrEqual(9);
        expect(hourIn(e.nextDueAt!, zone)).toBeLessThan(17);
      }
      // Mid-way: after the lead's first e-mail, before the second.
      const sentBy = new Map(
        (
          await db.outgoingEmail.groupBy({ by: ["prospectId"], where: { template: "sequence-step" }, _count: true })
        ).map((row) => [row.prospectId, row._count]),
      );
      for (const s of subjects.filter((x) => !x.done)) {
        const sent = sentBy.get(s.lead.prospectId) ?? 0;
        if (sent === 0) continue;
        expect(sent).toBe(1);
        if (s.kase === "purchase") await recordPurchase(s.lead, "ai-step-by-step");
        if (s.kase === "unsubscribe") await unsubscribeFromLatest(s.lead);
        if (s.kase === "booking") await recordScheduledCall(s.lead, "Europe/Berlin");
        if (s.kase === "erasure") await db.$transaction((tx) => erasePerson(tx, s.lead.email), { timeout: 30_000 });
        s.done = true;
      }
    }
    expect(subjects.every((s) => s.done)).toBe(true);

    const mails = await db.outgoingEmail.findMany({
      where: { template: "sequence-step" },
      include: { sequenceStep: { include: { sequence: true } } },
    });
    const keys = mails.map((m) => m.idempotencyKey);
    expect(new Set(keys).size).toBe(mails.length);
    // The lead's name merged, and the legal footer under every one.
    const first = mails.find((m) => m.recipient === subjects[0]!.lead.email)!;
    expect(first.text).toMatch(/^Hi Ada,/m);
    expect(mails.filter((m) => m.recipient).every((m) => /\nUnsubscribe: http/.test(m.text))).toBe(true);
    for (const s of subjects) {
      for (const key of Object.values(SEQUENCE_OF)) {
        const id = enrollmentOf.get(`${s.lead.prospectId}:${key}`)!;
        const own = mails.filter((m) => m.idempotencyKey!.startsWith(`sequence:${id}:`));
        const want = key === SEQUENCE_OF[s.track] ? expected(s.track, s.kase) : 0;
        expect(own.length, `${s.track} ${s.kase} in ${key}`).toBe(want);
        // The steps in order, each recorded on its e-mail, to the lead's address (erased: blanked).
        const positions = own.map((m) => m.sequenceStep!.position).sort();
        expect(positions).toEqual([0, 1, 2].slice(0, want));
        expect(own.every((m) => m.sequenceStep!.sequence.key === key)).toBe(true);
        expect(own.every((m) => m.recipient === (s.kase === "erasure" ? "" : s.lead.email))).toBe(true);
      }
      const enrollments = await db.sequenceEnrollment.findMany({
        where: { prospectId: s.lead.prospectId },
        include: { sequence: true },
      });
      if (s.kase === "erasure") {
        expect(enrollments).toHaveLength(0);
        continue;
      }
      const states = Object.fromEntries(
        enrollments.map((e) => [e.sequence.key, `${e.state}${e.exitReason ? ` ${e.exitReason}` : ""}`]),
      );
      const own = SEQUENCE_OF[s.track];
      const ownState =
        expected(s.track, s.kase) === 3
          ? "COMPLETED"
          : `EXITED ${{ purchase: "PURCHASED", unsubscribe: "UNSUBSCRIBED", booking: "CONDITION" }[s.kase as string]}`;
      expect(states[own], `${s.track} ${s.kase}`).toBe(ownState);
      for (const key of Object.values(SEQUENCE_OF).filter((k) => k !== own)) {
        expect(states[key], `${s.track} ${s.kase} in ${key}`).toBe("EXITED CONDITION");
      }
    }
    // Nothing is left to send, however often it runs.
    const later = new Date(start + 30 * DAY_MS);
    const [a, b] = await Promise.all([sweepLifecycle({ now: later }), sweepLifecycle({ now: later })]);
    expect(a.sent + b.sent + a.enrolled + b.enrolled).toBe(0);
  });
});
