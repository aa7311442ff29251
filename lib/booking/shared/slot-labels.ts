// Intl only; ICU's narrow no-break spaces are made plain so the names read and match the same.
// Each slot button's name carries its day, so a screen reader hears it with every time.

export type SlotLabel = { start: string; time: string; label: string };
export type DayGroup = { key: string; label: string; weekday: string; date: string; slots: SlotLabel[] };

const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

// Formatters are costly to build and a calendar names hundreds of slots: one per (style, zone).
const STYLES = {
  day: { weekday: "long", day: "numeric", month: "long" },
  time: { hour: "numeric", minute: "2-digit" },
  zone: { timeZoneName: "long" },
  key: { year: "numeric", month: "2-digit", day: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: keyof typeof STYLES, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let built = formatters.get(key);
  if (!built) {
    built = new Intl.DateTimeFormat("en-US", { timeZone, ...STYLES[style] });
    formatters.set(key, built);
  }
  return built;
}

function parts(instant: Date, timeZone: string, style: keyof typeof STYLES): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of formatter(style, timeZone).formatToParts(instant)) out[part.type] = part.value;
  return out;
}

function dayParts(instant: Date, timeZone: string): { weekday: string; date: string } {
  const p = parts(instant, timeZone, "day");
  return { weekday: p.weekday ?? "", date: `${p.day} ${p.month}` };
}

export function dayLabel(instant: Date, timeZone: string): string {
  const { weekday, date } = dayParts(instant, timeZone);
  return `${weekday} ${date}`;
}

export function timeLabel(instant: Date, timeZone: string): string {
  return plain(formatter("time", timeZone).format(instant));
}

export function slotLabel(instant: Date, timeZone: string): string {
  return `${dayLabel(instant, timeZone)}, ${timeLabel(instant, timeZone)}`;
}

export function spanLabel(start: Date, end: Date, timeZone: string): string {
  return `${slotLabel(start, timeZone)} – ${timeLabel(end, timeZone)}`;
}

export function zoneName(instant: Date, timeZone: string): string {
  return parts(instant, timeZone, "zone").timeZoneName ?? timeZone;
}

function dayKey(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone, "key");
  return `${p.year}-${p.month}-${p.day}`;
}

export function groupByDay(starts: readonly string[], timeZone: string): DayGroup[] {
  const days: DayGroup[] = [];
  for (const start of starts) {
    const instant = new Date(start);
    const key = dayKey(instant, timeZone);
    let day = days.at(-1);
    if (day?.key !== key) {
      const { weekday, date } = dayParts(instant, timeZone);
      day = { key, label: `${weekday} ${date}`, weekday, date, slots: [] };
      days.push(day);
    }
    const time = timeLabel(instant, timeZone);
    day.slots.push({ start, time, label: `${day.label}, ${time}` });
  }
  return days;
}
