import { DAY_MS, isoDay } from "@/lib/shared/dates";

// Open privacy requests past or within 7 days of their 45-day answer date. Pure, so unit-tested.

export const DUE_SOON_DAYS = 7;

export const CLOSED_PRIVACY_STATUSES = ["completed", "closed", "denied", "withdrawn"] as const;

export type DeadlineRequest = { id: string; requestType: string; status: string; respondBy: Date };
export type DeadlineEntry = DeadlineRequest & { daysLeft: number };

export function isOpenPrivacyStatus(status: string): boolean {
  return !(CLOSED_PRIVACY_STATUSES as readonly string[]).includes(status.trim().toLowerCase());
}

/** The digest's key: one per day. */
export function digestDay(now: Date): string {
  return isoDay(now);
}

/** Most urgent first; `daysLeft` is negative once overdue. */
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

export function dueHorizon(now: Date): Date {
  return new Date(now.getTime() + DUE_SOON_DAYS * DAY_MS);
}
