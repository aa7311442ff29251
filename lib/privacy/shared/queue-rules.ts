// Pure, so the marks are unit-tested.
import { DUE_SOON_DAYS, isOpenPrivacyStatus } from "@/lib/privacy/shared/deadlines";
import { DAY_MS } from "@/lib/shared/dates";

export type DeadlineMark = { state: "overdue" | "due_soon" | "on_time" | "closed"; daysLeft: number };

/** Overdue days are at least 1 ("overdue by 2 days" until the third). */
export function deadlineMark(request: { status: string; respondBy: Date }, now: Date): DeadlineMark {
  const left = (request.respondBy.getTime() - now.getTime()) / DAY_MS;
  const daysLeft = left < 0 ? -Math.max(1, Math.floor(-left)) : Math.ceil(left);
  if (!isOpenPrivacyStatus(request.status)) return { state: "closed", daysLeft };
  if (left < 0) return { state: "overdue", daysLeft };
  return { state: left <= DUE_SOON_DAYS ? "due_soon" : "on_time", daysLeft };
}

export function markLabel(mark: DeadlineMark): string {
  if (mark.state === "overdue") return `Overdue by ${-mark.daysLeft} day${mark.daysLeft === -1 ? "" : "s"}`;
  if (mark.state === "due_soon") return `Due in ${mark.daysLeft} day${mark.daysLeft === 1 ? "" : "s"}`;
  if (mark.state === "on_time") return `${mark.daysLeft} days left`;
  return "Closed";
}
