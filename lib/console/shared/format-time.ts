// Console times are shown in UTC, the same for every operator and in every log line.

/** "2026-11-23 09:41 UTC", or "—" when there is none. */
export function formatUtc(value: Date | string | null): string {
  if (value === null) return "—";
  const iso = (typeof value === "string" ? new Date(value) : value).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
