// What a log line may say about an error: its type and code, never its message, because
// messages of database and provider errors can quote the values involved (e-mails, names).

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code =
    "code" in error && (typeof error.code === "string" || typeof error.code === "number")
      ? ` ${String(error.code)}`
      : "";
  return `${error.name}${code}`;
}
