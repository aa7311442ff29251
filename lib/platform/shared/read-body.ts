import { ApiError } from "@/lib/platform/shared/api-error";
import { jsonBodyProblem, MAX_JSON_DEPTH } from "@/lib/platform/shared/storable-text";

// Reads a JSON request body with a hard size cap, without trusting Content-Length, and refuses
// text PostgreSQL cannot store and bodies nested deeper than any route needs (storable-text.ts),
// so no route can turn either into a 500.

const tooLarge = (maxBytes: number) =>
  new ApiError("payload_too_large", `Request body must be at most ${maxBytes} bytes.`);

/**
 * The body's exact bytes, at most maxBytes of them: a larger Content-Length is refused before
 * reading, and a chunked body without one is cut off as soon as it passes the cap. A client that
 * hangs up mid-body is a 400 (body_unreadable), not a server failure (and not "database down").
 */
export async function readRawBody(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw new ApiError("body_unreadable");
      });
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new ApiError("unsupported_media_type");
  const raw = await readRawBody(request, maxBytes);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8")) as unknown;
  } catch {
    throw new ApiError("invalid_json");
  }
  // JSON.parse itself is iterative in V8; everything after it (this check, zod, JSON.stringify)
  // is safe once the depth is bounded here.
  const problem = jsonBodyProblem(body);
  if (problem?.kind === "too_deep") {
    throw new ApiError("invalid_request", `Request body must not nest more than ${MAX_JSON_DEPTH} levels deep.`);
  }
  if (problem) {
    throw new ApiError(
      "invalid_request",
      `${problem.path}: text must not contain NUL characters or unpaired surrogates`,
    );
  }
  return body;
}
