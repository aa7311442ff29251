// A UUID in its canonical text form. Looser checks ([0-9a-f-]{36}) let "-----…" through to a
// ::uuid cast, which PostgreSQL refuses with an error, not a miss: a hand-edited URL became a 500.

export const UUID_SOURCE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

export function isUuid(value: string): boolean {
  return new RegExp(`^${UUID_SOURCE}$`, "i").test(value);
}
