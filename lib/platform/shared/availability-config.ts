// Shared by the configuration module and the tests. Null means "not valid".

const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

function weekdayNumber(name: string): number | null {
  const lower = name.trim().toLowerCase();
  const index = DAY_NAMES.findIndex((full) => lower === full || lower === full.slice(0, 3));
  return index >= 0 ? index + 1 : null;
}

export function parseWeekdays(text: string): number[] | null {
  const days = new Set<number>();
  for (const token of text.split(",")) {
    const ends = token.split("-").map(weekdayNumber);
    const [first, last = first] = ends;
    if (ends.length > 2 || first == null || last == null || last < first) return null;
    for (let day = first; day <= last; day++) days.add(day);
  }
  return [...days].sort((a, b) => a - b);
}

export function parseDailyHours(text: string): { startMinute: number; endMinute: number } | null {
  const match = /^\s*([01]\d|2[0-4]):([0-5]\d)\s*-\s*([01]\d|2[0-4]):([0-5]\d)\s*$/.exec(text);
  if (!match) return null;
  const startMinute = Number(match[1]) * 60 + Number(match[2]);
  const endMinute = Number(match[3]) * 60 + Number(match[4]);
  if (startMinute >= 24 * 60 || endMinute > 24 * 60 || endMinute <= startMinute) return null;
  return { startMinute, endMinute };
}
