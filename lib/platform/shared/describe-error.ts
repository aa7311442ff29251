// Pure, so server and browser share it.

/** Type and code, never the message: database and provider messages can quote e-mails and names. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const code =
    "code" in error && (typeof error.code === "string" || typeof error.code === "number")
      ? ` ${String(error.code)}`
      : "";
  return `${error.name}${code}`;
}

type BoundaryError = { message?: string; digest?: string; status?: unknown; statusText?: unknown };

/** Production hides server errors behind a digest, which support can look up in the logs. */
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
