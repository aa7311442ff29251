import {
  ERROR_CODES,
  RETRY_AFTER_UNAVAILABLE_SECONDS,
  type CodeWithStatus,
  type ErrorCode,
  type ErrorStatus,
} from "@/lib/platform/shared/error-codes";

// Pure (no server-only): read-body.ts and the server front's tests use it too.

export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(message ?? ERROR_CODES[code].message);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.headers = headers;
  }
}

export function errorBody(code: ErrorCode, message?: string): { error: { code: ErrorCode; message: string } } {
  // eslint-disable-next-line no-restricted-syntax -- the one builder of the body
  return { error: { code, message: message ?? ERROR_CODES[code].message } };
}

/** Never cached, and a 503 always says when to retry. */
export function errorHeaders(error: ApiError): Record<string, string> {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (error.status === 503) headers["Retry-After"] = String(RETRY_AFTER_UNAVAILABLE_SECONDS);
  return { ...headers, ...error.headers };
}

export function errorResponse(error: ApiError): Response {
  return Response.json(errorBody(error.code, error.message), { status: error.status, headers: errorHeaders(error) });
}

export const apiErrorResponse = (code: ErrorCode, message?: string, headers?: Record<string, string>) =>
  errorResponse(new ApiError(code, message, headers));

export const badRequest = (message: string, code: CodeWithStatus<400> = "invalid_request") =>
  new ApiError(code, message);
export const notFound = (message?: string) => new ApiError("not_found", message);
export const conflict = (message: string, code: CodeWithStatus<409> = "conflict") => new ApiError(code, message);
export const unavailable = (message?: string, code: CodeWithStatus<503> = "service_unavailable") =>
  new ApiError(code, message);
