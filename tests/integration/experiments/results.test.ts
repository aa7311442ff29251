import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getExperimentResults, getExperimentTotals } from "@/lib/console/server/experiment-results-report";
import { getDb } from "@/lib/platform/server/db";
import { analyzeExperiment } from "@/lib/experiments/shared/stats/analyze-experiment";
import type * as Stats from "@/lib/experiments/shared/stats/analyze-experiment";
import { seedExperimentResults, type SeededExperiments } from "./seed-results";

// The split-test results report against the hand-made April 2034 data set
// (experiments/seed-results.ts); every number below is counted by hand from that file's comments.

vi.mock("@/lib/experiments/shared/stats/analyze-experiment", async (importOriginal) => {
  const original = await importOriginal<typeof Stats>();
  return { ...original, analyzeExperiment: vi.fn(original.analyzeExperiment) };
});

let seeded: SeededExperiments;

beforeAll(async () => {
  seeded = await seedExperimentResults();
});

/** [visitors, opt_in, survey, qualified_or_offer, checkout, paid, netRevenue] */
const countsOf = (v: { visitors: number; steps: Record<string, number>; netRevenue: number }) => [
  v.visitors,
  v.steps.opt_in,
  v.steps.survey,
  v.steps.qualified_or_offer,
  v.steps.checkout,
  v.steps.paid,
  v.netRevenue,
];

describe("experiment results report", () => {
  it("counts each variant's visitors and their steps after the exposure, up to the stop, net of refunds", async () => {
    const results = await getExperimentResults(seeded.main);
    expect(results?.variants.map((v) => [v.key, v.weight])).toEqual([
      ["countdown", 50],
      ["add-to-order", 30],
      ["team", 20],
    ]);
    expect(Object.fromEntries(results?.variants.map((v) => [v.key, countsOf(v)]) ?? [])).toEqual({
      // A, B, C, D, E: B's conversions before its exposure and E's after the stop are left out.
      countdown: [5, 3, 2, 2, 3, 3, 90_100],
      // G (registered just before its exposure, in the same session; a failed order) and H.
      "add-to-order": [2, 2, 1, 1, 2, 1, 50_000],
      team: [0, 0, 0, 0, 0, 0, 0],
    });
    expect(results?.variants.map((v) => v.revenuePerVisitor)).toEqual([18_020, 25_000, null]);
  });

  it("hands the analysis the primary metric's totals, control first, with the sums of squares", async () => {
    vi.mocked(analyzeExperiment).mockClear();
    const results = await getExperimentResults(seeded.main);
    expect(analyzeExperiment).toHaveBeenCalledTimes(1);
    expect(analyzeExperiment).toHaveBeenCalledWith({
      metric: "revenue",
      arms: [
        // Net per paying visitor: A 39,700, B 0, C 50,400.
        {
          key: "countdown",
          weight: 50,
          visitors: 5,
          conversions: 3,
          revenueSum: 90_100,
          revenueSumSquares: 4_116_250_000,
        },
        {
          key: "add-to-order",
          weight: 30,
          visitors: 2,
          conversions: 1,
          revenueSum: 50_000,
          revenueSumSquares: 2_500_000_000,
        },
        { key: "team", weight: 20, visitors: 0, conversions: 0, revenueSum: 0, revenueSumSquares: 0 },
      ],
      // The seeded test was stopped: its verdict must not tell anyone to keep it running.
      stopped: true,
    });
    expect(results?.analysis.metric).toBe("revenue");
    expect(results?.analysis.arms.map((a) => a.key)).toEqual(["countdown", "add-to-order", "team"]);
  });

  it("keeps experiments apart: a browser in two counts in both, and a running one has no stop cut-off", async () => {
    const totals = await getExperimentTotals(seeded.other);
    expect(totals?.variants.map((v) => [v.key, countsOf(v)])).toEqual([
      // E (its order after main's stop counts here) and I, who is in no other experiment.
      ["free", [2, 2, 0, 0, 2, 2, 50_400]],
      ["paid", [1, 1, 0, 0, 1, 1, 50_000]],
    ]);
    expect(totals?.input).toEqual({
      metric: "opt_in",
      arms: [
        { key: "free", weight: 1, visitors: 2, conversions: 2, revenueSum: 50_400, revenueSumSquares: 2_470_580_000 },
        { key: "paid", weight: 1, visitors: 1, conversions: 1, revenueSum: 50_000, revenueSumSquares: 2_500_000_000 },
      ],
      stopped: false,
    });
  });

  it("answers null for an unknown experiment or an id that is not a UUID", async () => {
    expect(await getExperimentResults(randomUUID())).toBeNull();
    expect(await getExperimentResults("not-a-uuid")).toBeNull();
  });

  it("leaves out exposures written after the stop (another instance's cache can still assign for a few seconds)", async () => {
    const late = `xr-late-${randomUUID().slice(0, 8)}`;
    await getDb().experimentExposure.create({
      data: {
        experimentId: seeded.main,
        browserId: late,
        variant: "team",
        exposedAt: new Date("2034-04-20T00:00:03Z"),
      },
    });
    const results = await getExperimentResults(seeded.main);
    expect(results?.variants.map((v) => [v.key, v.visitors])).toEqual([
      ["countdown", 5],
      ["add-to-order", 2],
      ["team", 0],
    ]);
  });

  it("counts a session whose only steps are a survey answer or a checkout click, however the rows arrived", async () => {
    // Only sessions flagged by the triggers (or with a lead or the offer) are read: both orders of
    // arrival must flag them, or these steps would silently drop out of the results.
    const db = getDb();
    const tag = randomUUID().slice(0, 8);
    const { id } = await db.experiment.create({
      data: {
        key: `xr-flag-${tag}`,
        surface: "landing",
        variants: [
          { key: "free", weight: 1 },
          { key: "paid", weight: 1 },
        ],
        primaryMetric: "opt_in",
        status: "running",
        startedAt: new Date("2034-05-01T00:00:00Z"),
      },
    });
    const exposedAt = new Date("2034-05-01T10:00:00Z");
    const later = new Date("2034-05-01T11:00:00Z");
    for (const [browser, variant] of [
      ["surveyed", "free"],
      ["clicked", "paid"],
    ] as const) {
      await db.experimentExposure.create({
        data: { experimentId: id, browserId: `${tag}-${browser}`, variant, exposedAt },
      });
    }
    // The survey answer after its session; the click before its session row exists.
    await db.funnelSession.create({
      data: { id: `${tag}-s1`, browserId: `${tag}-surveyed`, startedAt: later, lastSeenAt: later },
    });
    await db.surveyResponse.create({
      data: { sessionId: `${tag}-s1`, track: "NON_OWNER", qualified: false, ruleVersion: "test", createdAt: later },
    });
    await db.funnelEvent.create({
      data: {
        sessionId: `${tag}-s2`,
        step: 6,
        action: "checkout_click",
        data: { target: "/checkout", button: "buy" },
        clientTimestamp: later,
        receivedAt: later,
      },
    });
    await db.funnelSession.create({
      data: { id: `${tag}-s2`, browserId: `${tag}-clicked`, startedAt: later, lastSeenAt: later },
    });

    const results = await getExperimentResults(id);
    expect(results?.variants.map((v) => [v.key, v.visitors, v.steps.survey, v.steps.checkout])).toEqual([
      ["free", 1, 1, 0],
      ["paid", 1, 0, 1],
    ]);
  });
});
