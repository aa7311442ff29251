// One spelling per mailbox for the suppression list: "Ada@Example.com " and "ada@example.com" are
// the same person to every provider we send through, so they must hash alike. Lower-casing the
// local part is technically lossy (RFC 5321 lets a server tell cases apart) but no mainstream
// mailbox does, and erring this way only ever suppresses more, never less.

export function normalizeAddress(address: string): string {
  return address.normalize("NFC").trim().toLowerCase();
}
