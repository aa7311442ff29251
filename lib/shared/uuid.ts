// A looser check let "-----…" reach a ::uuid cast, which PostgreSQL refuses with an error: a 500.

export const UUID_SOURCE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

export function isUuid(value: string): boolean {
  return new RegExp(`^${UUID_SOURCE}$`, "i").test(value);
}
