// Every date the console shows goes through here: stored in UTC, shown in the operator's zone with
// that zone's abbreviation, so "9:30 AM EST" cannot be mistaken for another zone's 9:30.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** "Nov 27, 2026, 9:30 AM EST"; "—" for no date. */
export function formatConsoleTime(value: Date | string | null | undefined, timeZone: string): string {
  if (value === null || value === undefined) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "—";
  // Newer ICU puts a narrow no-break space before AM/PM; one plain space reads and searches the same.
  return formatterFor(timeZone)
    .format(date)
    .replace(/\u202f/g, " ");
}

/** The zone's abbreviation at an instant ("EST", "EDT", "UTC", "GMT+1"). */
export function zoneAbbreviation(at: Date, timeZone: string): string {
  return (
    formatterFor(timeZone)
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone
  );
}
