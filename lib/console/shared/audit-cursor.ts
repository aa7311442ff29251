// Opaque in the URL.

export type AuditCursor = { at: Date; id: bigint };

export function encodeAuditCursor(cursor: AuditCursor): string {
  return `${cursor.at.getTime().toString(36)}.${cursor.id.toString(36)}`;
}

/** A hand-edited URL starts over. */
export function decodeAuditCursor(value: string | undefined): AuditCursor | null {
  const match = /^([0-9a-z]{1,12})\.([0-9a-z]{1,12})$/.exec(value ?? "");
  if (!match) return null;
  const ms = parseInt(match[1]!, 36);
  const at = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(at.getTime())) return null;
  let id = 0n;
  for (const digit of match[2]!) id = id * 36n + BigInt(parseInt(digit, 36));
  return { at, id };
}
