// The decision rule's thresholds, tuned by simulation (scripts/sim-experiments.ts,
// tests/unit/experiment-simulation.test.ts) so that an A/A test looked at every day for 30 days
// declares a false winner in at most 5 % of runs. README "Split tests → The statistics" lists the
// measured figures; change a number here only with a new simulation run.

/** The minimum-sample guard: no verdict before every arm has this many visitors… */
export const MIN_VISITORS_PER_ARM = 1000;
/** …and the arms together this many conversions (paying visitors for the revenue metric). */
export const MIN_CONVERSIONS = 50;

/**
 * The chance to beat (or lose to) the control a winner needs. With several variants each
 * comparison needs 1 − (1 − this)/(variants − 1) (Bonferroni), so picking the best of several
 * does not raise the false-winner rate.
 */
export const WIN_PROBABILITY = 0.998;

/**
 * A winner's expected loss (what shipping it costs if it is in truth worse) must also be below
 * this share of the pooled mean: a high chance on thin data is not enough.
 */
export const MAX_WINNER_LOSS = 0.005;

/** "No detectable difference" once either choice's expected loss is below this share of the pooled mean. */
export const NO_DIFFERENCE_LOSS = 0.03;

/** The per-comparison chance a winner needs with `variants` non-control arms. */
export const winProbability = (variants: number): number => 1 - (1 - WIN_PROBABILITY) / Math.max(1, variants);
