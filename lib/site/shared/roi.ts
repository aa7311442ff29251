// Computed here so the copy and its arithmetic cannot drift apart.

// Money in US cents.
export type RoiInput = { teamSize: number; hoursPerDay: number; workDaysPerYear: number; hourlyValue: number };
export type RoiResult = { hoursPerYear: number; valuePerYear: number; valueAt10x: number };

export const LANDING_ROI_INPUT: RoiInput = { teamSize: 25, hoursPerDay: 1, workDaysPerYear: 250, hourlyValue: 5_000 };

export function computeRoi(input: RoiInput): RoiResult {
  const hoursPerYear = input.teamSize * input.hoursPerDay * input.workDaysPerYear;
  const valuePerYear = hoursPerYear * input.hourlyValue;
  return { hoursPerYear, valuePerYear, valueAt10x: valuePerYear * 10 };
}

/** In cents; rounds down to one decimal. */
export function formatMillions(cents: number): string {
  const millions = Math.floor((cents / 100_000_000) * 10) / 10;
  return `$${millions.toFixed(1)} million`;
}
