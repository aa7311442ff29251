import { DAY_MS } from "@/lib/shared/dates";

// What a failed renewal brings, day by day from the failure (docs/decisions/0040): one e-mail a
// step, demo retries on the saved card before the e-mail, and the end, when access ends.

export type DunningNotice = "failed" | "reminder" | "last" | "ended";

export type DunningStep = {
  /** Days after the case opened. */
  day: number;
  notice: DunningNotice;
  /** Demo mode charges the saved card again first (Stripe's Smart Retries do it in Stripe mode). */
  retry: boolean;
  /** The subscription is cancelled and the access it gives revoked. */
  end: boolean;
};

export const DUNNING_SCHEDULE: readonly DunningStep[] = [
  { day: 0, notice: "failed", retry: false, end: false },
  { day: 3, notice: "reminder", retry: true, end: false },
  { day: 7, notice: "reminder", retry: true, end: false },
  { day: 10, notice: "last", retry: true, end: false },
  { day: 14, notice: "ended", retry: false, end: true },
];

/** The day the subscription ends unpaid. */
export const DUNNING_END_DAY = DUNNING_SCHEDULE[DUNNING_SCHEDULE.length - 1]!.day;

export function dunningStep(index: number): DunningStep | null {
  return DUNNING_SCHEDULE[index] ?? null;
}

/** When step `index` falls due for a case opened at `openedAt`; null past the schedule's end. */
export function dunningStepAt(openedAt: Date, index: number): Date | null {
  const step = dunningStep(index);
  return step ? new Date(openedAt.getTime() + step.day * DAY_MS) : null;
}

/** When the access ends if nothing is paid. */
export function dunningEndsAt(openedAt: Date): Date {
  return new Date(openedAt.getTime() + DUNNING_END_DAY * DAY_MS);
}

/** The oldest failure that still opens a case: an older one (a backlog, a restore) is past its schedule. */
export function openSince(realNow: Date): Date {
  return new Date(realNow.getTime() - DUNNING_END_DAY * DAY_MS);
}
