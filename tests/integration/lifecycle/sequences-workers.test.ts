import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { getBoss } from "@/lib/platform/server/jobs/boss";
import { QUEUES } from "@/lib/platform/shared/queues";
import { advanceDemoClock } from "@/lib/payments/server/demo-clock";
import { lifecycleNow, sweepLifecycle } from "@/lib/lifecycle/server/sweep-lifecycle";
import { pollUntil } from "../../support/wait";
import { startWorkerProcess, type WorkerProcess } from "../../support/worker-process";
import { leadOnTrack, unsubscribeFromLatest, type Lead, type Track } from "../../support/lifecycle";

// The sweep as the worker runs it: two `npm run worker` processes on this file's database take
// the queued runs while this process sweeps too, by the demo clock moved on a day at a time; one
// worker is stopped and a new one started half-way. Each lead gets its sequence once.

const started: WorkerProcess[] = [];

afterAll(() => {
  for (const worker of started) if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
});

async function worker(): Promise<WorkerProcess> {
  const process = await startWorkerProcess({});
  started.push(process);
  return process;
}

/** Whether every enrollment's due step has been taken, by whichever worker. */
async function nothingDue(): Promise<boolean> {
  const now = await lifecycleNow();
  const due = await getDb().sequenceEnrollment.count({
    where: { state: "ACTIVE", OR: [{ nextDueAt: null }, { nextDueAt: { lte: now } }] },
  });
  return due === 0;
}

/** The steps the worker processes sent, by their own log lines. */
const workerSent = () =>
  started
    .flatMap((w) => [...w.output().matchAll(/\[sweep\] lifecycle: \d+ enrolled, (\d+) sent/g)])
    .reduce((sum, match) => sum + Number(match[1]), 0);

describe("lifecycle sequences in worker processes", () => {
  it("sends every step once across two workers, this process and a restart", { timeout: 300_000 }, async () => {
    const db = getDb();
    const leads: { track: Track; lead: Lead }[] = [];
    for (const track of ["non-owner", "owner", "qualified-owner"] as const) {
      leads.push({ track, lead: await leadOnTrack(track, `Grace ${track}`) });
    }
    // An unqualified owner who unsubscribes after the first e-mail.
    leads.push({ track: "owner", lead: await leadOnTrack("owner", "Grace leaves") });

    const leaver = leads[3]!;
    let unsubscribed = false;
    const pair = await Promise.all([worker(), worker()]);
    let a = pair[0];
    const b = pair[1];
    // 12 days: the longest sequence's delays add up to 8, and each of its 3 steps may wait up to a
    // day for the sending window and the next daily run, depending on the time of day the test runs.
    for (let day = 0; day <= 12; day++) {
      if (day > 0) await advanceDemoClock(1);
      // A run for the workers (the queue keeps one waiting at most), while a worker here stops
      // after one step; the workers take the rest.
      await getBoss().send(QUEUES.lifecycle, {});
      await sweepLifecycle({ maxSteps: 1 });
      await pollUntil(
        "the workers to take every step due",
        async () => (await db.sequenceEnrollment.count()) === leads.length * 3 && (await nothingDue()),
        (done) => done,
        { ms: 120_000, every: 250, detail: () => started.map((w) => w.output()).join("\n---\n") },
      );
      if (day === 4) {
        // A deploy: the first worker stops, a new one takes its place.
        a.child.kill("SIGTERM");
        await a.exited;
        a = await worker();
      }
      const mails = await db.outgoingEmail.count({
        where: { recipient: leaver.lead.email, template: "sequence-step" },
      });
      if (mails === 1 && !unsubscribed) {
        await unsubscribeFromLatest(leaver.lead);
        unsubscribed = true;
      }
    }
    expect(unsubscribed).toBe(true);
    expect(workerSent()).toBeGreaterThan(0);
    b.child.kill("SIGTERM");
    a.child.kill("SIGTERM");
    await Promise.all([a.exited, b.exited]);

    const rows = await db.outgoingEmail.findMany({
      where: { template: "sequence-step" },
      include: { sequenceStep: { include: { sequence: true } } },
    });
    expect(new Set(rows.map((r) => r.idempotencyKey)).size).toBe(rows.length);
    const got = (lead: Lead) =>
      rows
        .filter((r) => r.recipient === lead.email)
        .map((r) => `${r.sequenceStep!.sequence.key}#${r.sequenceStep!.position}`)
        .sort();
    const all = (key: string) => [0, 1, 2].map((p) => `${key}#${p}`);
    expect(got(leads[0]!.lead)).toEqual(all("free-reader"));
    expect(got(leads[1]!.lead)).toEqual(all("owner-not-qualified"));
    expect(got(leads[2]!.lead)).toEqual(all("qualified-owner-no-call"));
    expect(got(leads[3]!.lead)).toEqual(["owner-not-qualified#0"]);
  });
});
