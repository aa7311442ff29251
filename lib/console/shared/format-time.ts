// UTC, the same for every operator and in every log line.

export function formatUtc(value: Date | string | null): string {
  if (value === null) return "—";
  const iso = (typeof value === "string" ? new Date(value) : value).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
