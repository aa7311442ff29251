import { ApiError } from "@/lib/platform/shared/api-error";
import { jsonBodyProblem, MAX_JSON_DEPTH } from "@/lib/platform/shared/storable-text";

// No route can turn an oversized, unstorable or deeply nested body into a 500.

const tooLarge = (maxBytes: number) =>
  new ApiError("payload_too_large", `Request body must be at most ${maxBytes} bytes.`);

/** A body that has not fully arrived by then holds a connection for nothing. */
export const BODY_READ_TIMEOUT_MS = 10_000;

/** Does not trust Content-Length; a client hanging up mid-body is a 400, not "database down". */
export async function readRawBody(
  request: Request,
  maxBytes: number,
  timeoutMs = BODY_READ_TIMEOUT_MS,
): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ApiError("body_timeout")), timeoutMs);
    });
    try {
      for (;;) {
        const { done, value } = await Promise.race([
          reader.read().catch(() => {
            throw new ApiError("body_unreadable");
          }),
          deadline,
        ]);
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) throw tooLarge(maxBytes);
        chunks.push(value);
      }
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
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
  // JSON.parse is iterative in V8; everything after it is safe once depth is bounded here.
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
