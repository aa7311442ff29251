import { UUID_SOURCE } from "@/lib/shared/uuid";

// A position in a list read by keyset: the (time, id) of the last row shown, written into the
// page's address as "<ms in base 36>.<id>". Anything this codec did not write reads as no cursor,
// so a hand-edited address starts the list over instead of failing.

export type KeysetCursor<Id extends string | bigint = string> = { at: Date; id: Id };

const TIME = /^[0-9a-z]{1,9}$/;
const UUID_ID = new RegExp(`^${UUID_SOURCE}$`, "i");
const SERIAL_ID = /^\d{1,19}$/;

export function encodeCursor(cursor: KeysetCursor<string | bigint>): string {
  return `${cursor.at.getTime().toString(36)}.${cursor.id.toString()}`;
}

function split(value: string | undefined, id: RegExp): { at: Date; id: string } | null {
  const [time, rest, extra] = (value ?? "").split(".");
  if (extra !== undefined || !time || !rest || !TIME.test(time) || !id.test(rest)) return null;
  const at = new Date(parseInt(time, 36));
  return Number.isNaN(at.getTime()) ? null : { at, id: rest };
}

/** A cursor over rows keyed by a UUID. */
export function decodeUuidCursor(value: string | undefined): KeysetCursor | null {
  return split(value, UUID_ID);
}

/** A cursor over rows keyed by an auto-increment id. */
export function decodeSerialCursor(value: string | undefined): KeysetCursor<bigint> | null {
  const cursor = split(value, SERIAL_ID);
  return cursor && { at: cursor.at, id: BigInt(cursor.id) };
}
