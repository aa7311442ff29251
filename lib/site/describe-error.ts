// What the error boundary tells the visitor. In production React replaces server errors with a
// generic message and a digest; we show the digest as a reference support can look up in the logs.

type BoundaryError = { message?: string; digest?: string; status?: unknown; statusText?: unknown };

export function describeError(error: BoundaryError): string {
  const status = typeof error.status === "number" ? error.status : null;
  if (status !== null) {
    const text = typeof error.statusText === "string" && error.statusText ? ` ${error.statusText}` : "";
    return `${status}${text}`;
  }
  if (error.digest) return `Something went wrong on our side (reference ${error.digest}).`;
  const message = error.message?.trim();
  return message ? message : "Something went wrong.";
}
