// Pure, so the console's table, chart, the SQL definition and unit tests agree on one definition.

export const FUNNEL_STEPS = ["page_load", "opt_in", "survey", "qualified_or_offer", "checkout", "paid"] as const;
export type FunnelStepKey = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_SPLITS = ["none", "landing", "offer_variant", "utm_source", "utm_campaign"] as const;
export type FunnelSplit = (typeof FUNNEL_SPLITS)[number];

/** The free book's landing leads through the opt-in; the $7 landing goes straight to checkout. */
export const FUNNEL_PATHS = {
  free: FUNNEL_STEPS,
  paid: ["page_load", "checkout", "paid"],
} as const satisfies Record<string, readonly FunnelStepKey[]>;
export type FunnelPath = keyof typeof FUNNEL_PATHS;
export const FUNNEL_PATH_KEYS: readonly FunnelPath[] = ["free", "paid"];

/** A session without a landing view ("unknown") follows the free path, where it reaches no step. */
export function pathOfLanding(landing: string): FunnelPath {
  return landing === "paid" ? "paid" : "free";
}

export type FunnelCounts = Record<FunnelStepKey, number>;

export type FunnelStepCount = {
  step: FunnelStepKey;
  sessions: number;
  /** Of the path's previous step; never above 1, as a step counts only sessions that passed every earlier one. */
  conversion: number | null;
  /** Net revenue in cents of the path's paying sessions, per session that reached this step. */
  revenuePerSession: number | null;
};

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** `counts` hold nested counts (the SQL's definition), so each is a subset of the one before it. */
export function withConversions(path: FunnelPath, counts: FunnelCounts, revenue: number): FunnelStepCount[] {
  const steps: readonly FunnelStepKey[] = FUNNEL_PATHS[path];
  return steps.map((step, i) => {
    const previous = i === 0 ? null : counts[steps[i - 1]!];
    return {
      step,
      sessions: counts[step],
      conversion: previous === null ? null : ratio(counts[step], previous),
      revenuePerSession: ratio(revenue, counts[step]),
    };
  });
}

/** SQL for "the session reached `step` and every earlier step of its path", from per-session flags. */
export function nestedStepSql(step: FunnelStepKey, flag: (step: FunnelStepKey) => string, pathColumn: string): string {
  const branches = FUNNEL_PATH_KEYS.flatMap((path) => {
    const steps: readonly FunnelStepKey[] = FUNNEL_PATHS[path];
    const at = steps.indexOf(step);
    if (at < 0) return [];
    return [
      `(${pathColumn} = '${path}' AND ${steps
        .slice(0, at + 1)
        .map(flag)
        .join(" AND ")})`,
    ];
  });
  return branches.length ? branches.join(" OR ") : "false";
}

export function zeroCounts(): FunnelCounts {
  return { page_load: 0, opt_in: 0, survey: 0, qualified_or_offer: 0, checkout: 0, paid: 0 };
}
