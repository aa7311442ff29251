// The one error shape of every JSON route: { "error": { "code", "message" } }.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorResponse(error: ApiError): Response {
  return Response.json(
    { error: { code: error.code, message: error.message } },
    { status: error.status, headers: { "Cache-Control": "no-store", ...error.headers } },
  );
}

export const badRequest = (message: string, code = "invalid_request") => new ApiError(400, code, message);
export const notFound = (message = "Not found.") => new ApiError(404, "not_found", message);
export const conflict = (message: string, code = "conflict") => new ApiError(409, code, message);
export const unavailable = (message = "The service is temporarily unavailable. Please try again shortly.") =>
  new ApiError(503, "service_unavailable", message);
