import "server-only";
import { ApiError, errorResponse } from "@/lib/platform/shared/api-error";
import { readRawBody } from "@/lib/platform/shared/read-body";

// For a signed webhook: the signature covers the exact bytes, so the body is read raw, through the
// same capped reader as every JSON route. An oversized, slow or abandoned body is the error table's answer.

/** A POST handler that hands `handle` the request's body, at most `maxBytes` of it, untouched. */
export function rawBodyRoute(
  maxBytes: number,
  handle: (raw: Buffer, request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    let raw: Buffer;
    try {
      raw = await readRawBody(request, maxBytes);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error);
      throw error;
    }
    return handle(raw, request);
  };
}
