// Tuned by simulation (scripts/bench/sim-experiments.ts) so a daily-peeked A/A test declares a false
// winner in at most 5 % of runs (docs/decisions/0009). Change only with a new simulation run.

export const MIN_VISITORS_PER_ARM = 1000;
/** Paying visitors for the revenue metric. */
export const MIN_CONVERSIONS = 50;

/** Bonferroni across variants, so picking the best of several does not raise the false-winner rate. */
export const WIN_PROBABILITY = 0.998;

/** A high chance on thin data is not enough: the expected loss must be small too. */
export const MAX_WINNER_LOSS = 0.005;

export const NO_DIFFERENCE_LOSS = 0.03;

export const winProbability = (variants: number): number => 1 - (1 - WIN_PROBABILITY) / Math.max(1, variants);
