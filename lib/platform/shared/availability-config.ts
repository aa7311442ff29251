// The text forms of the booking calendar's settings (BOOKING_WEEKDAYS, BOOKING_HOURS), parsed
// here so the configuration module and the tests share one rule. Null means "not valid".

const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** "mon" or "monday" (any case) → 1 … 7; anything else → null. */
function weekdayNumber(name: string): number | null {
  const lower = name.trim().toLowerCase();
  const index = DAY_NAMES.findIndex((full) => lower === full || lower === full.slice(0, 3));
  return index >= 0 ? index + 1 : null;
}

/** "Mon-Fri", "Mon,Wed,Fri", "Tue-Thu,Sat" → ISO weekdays (1 = Monday … 7 = Sunday), sorted. */
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

/** "09:00-17:00" → minutes after midnight; the end may be 24:00 and must come after the start. */
export function parseDailyHours(text: string): { startMinute: number; endMinute: number } | null {
  const match = /^\s*([01]\d|2[0-4]):([0-5]\d)\s*-\s*([01]\d|2[0-4]):([0-5]\d)\s*$/.exec(text);
  if (!match) return null;
  const startMinute = Number(match[1]) * 60 + Number(match[2]);
  const endMinute = Number(match[3]) * 60 + Number(match[4]);
  if (startMinute >= 24 * 60 || endMinute > 24 * 60 || endMinute <= startMinute) return null;
  return { startMinute, endMinute };
}
