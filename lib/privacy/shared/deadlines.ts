import { DAY_MS } from "@/lib/shared/dates";

// Which privacy-rights requests the daily digest names (issue 11 item 6): open ones whose 45-day
// answer date has passed (overdue) or falls within the next 7 days (due soon). Pure, so the rule
// is unit-tested; the job reads the rows and sends the e-mail.

export const DUE_SOON_DAYS = 7;

/** Statuses an operator sets once a request is answered; every other status is still open. */
export const CLOSED_PRIVACY_STATUSES = ["completed", "closed", "denied", "withdrawn"] as const;

export type DeadlineRequest = { id: string; requestType: string; status: string; respondBy: Date };
export type DeadlineEntry = DeadlineRequest & { daysLeft: number };

export function isOpenPrivacyStatus(status: string): boolean {
  return !(CLOSED_PRIVACY_STATUSES as readonly string[]).includes(status.trim().toLowerCase());
}

/** The UTC calendar day of `now`, e.g. "2026-11-23": the digest's key (one per day). */
export function digestDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Overdue: respondBy before now. Due soon: respondBy from now up to 7 days ahead. Each list is
 * sorted by respondBy (most urgent first); `daysLeft` is whole days, negative once overdue.
 */
export function classifyDeadlines(
  requests: readonly DeadlineRequest[],
  now: Date,
): { overdue: DeadlineEntry[]; dueSoon: DeadlineEntry[] } {
  const horizon = now.getTime() + DUE_SOON_DAYS * DAY_MS;
  const entries = requests
    .filter((request) => isOpenPrivacyStatus(request.status) && request.respondBy.getTime() <= horizon)
    .map((request) => {
      const left = (request.respondBy.getTime() - now.getTime()) / DAY_MS;
      return { ...request, daysLeft: left < 0 ? Math.floor(left) : Math.ceil(left) };
    })
    .sort((a, b) => a.respondBy.getTime() - b.respondBy.getTime() || a.id.localeCompare(b.id));
  return {
    overdue: entries.filter((entry) => entry.respondBy.getTime() < now.getTime()),
    dueSoon: entries.filter((entry) => entry.respondBy.getTime() >= now.getTime()),
  };
}

/** The window the job reads: everything due up to the horizon (older overdue rows included). */
export function dueHorizon(now: Date): Date {
  return new Date(now.getTime() + DUE_SOON_DAYS * DAY_MS);
}
