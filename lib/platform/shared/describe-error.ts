// The two ways an error is put into words, side by side so nobody writes a third: a log line and
// the error boundary's text for the visitor. Pure, so the server and the browser share it.

/**
 * What a log line may say about an error: its type and code, never its message, because messages
 * of database and provider errors can quote the values involved (e-mails, names).
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code =
    "code" in error && (typeof error.code === "string" || typeof error.code === "number")
      ? ` ${String(error.code)}`
      : "";
  return `${error.name}${code}`;
}

type BoundaryError = { message?: string; digest?: string; status?: unknown; statusText?: unknown };

/**
 * What the error boundary tells the visitor. In production React replaces server errors with a
 * generic message and a digest; we show the digest as a reference support can look up in the logs.
 */
export function describeErrorForVisitor(error: BoundaryError): string {
  const status = typeof error.status === "number" ? error.status : null;
  if (status !== null) {
    const text = typeof error.statusText === "string" && error.statusText ? ` ${error.statusText}` : "";
    return `${status}${text}`;
  }
  if (error.digest) return `Something went wrong on our side (reference ${error.digest}).`;
  const message = error.message?.trim();
  return message ? message : "Something went wrong.";
}
