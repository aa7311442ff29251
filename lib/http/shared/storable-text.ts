// PostgreSQL cannot store U+0000 in text or jsonb, and jsonb refuses an unpaired UTF-16
// surrogate (JSON.stringify writes it as a \udXXX escape); text silently turns it into U+FFFD.
// Either would surface as a 500 or a mangled row, so JSON bodies carrying them are refused at
// the body layer, before any schema or handler sees them (issue 9, item 4).

/** The JSON path of the first string (key or value) Postgres cannot store, or null. */
export function unstorableTextPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : path || "(body)";
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return at;
      const found = unstorableTextPath(item, at);
      if (found) return found;
    }
  }
  return null;
}

export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && text.isWellFormed();
}
