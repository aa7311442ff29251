// Pure, so the marks and the paging are unit-tested.
import { DUE_SOON_DAYS, isOpenPrivacyStatus } from "@/lib/privacy/shared/deadlines";
import { UUID_SOURCE } from "@/lib/platform/shared/uuid";

const DAY_MS = 24 * 60 * 60 * 1000;

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

export type QueueCursor = { respondBy: Date; id: string };

export function encodeCursor(cursor: QueueCursor): string {
  return `${cursor.respondBy.toISOString()}_${cursor.id}`;
}

export function decodeCursor(value: string | undefined): QueueCursor | null {
  const match = new RegExp(`^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)_(${UUID_SOURCE})$`, "i").exec(
    value ?? "",
  );
  if (!match) return null;
  const respondBy = new Date(match[1]!);
  return Number.isNaN(respondBy.getTime()) ? null : { respondBy, id: match[2]! };
}
