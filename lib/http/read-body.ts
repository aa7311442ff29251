import { ApiError } from "@/lib/http/api-error";

// Reads a JSON request body with a hard size cap, without trusting Content-Length.

// Bodies the HTTP server has already read for its fast routes (lib/http/node-bridge.ts), so
// they are not wrapped into a Web stream only to be read back out of it here.
const prereadBodies = new WeakMap<Request, Uint8Array>();

/** A body-less Request that readJsonBody reads as if it carried `bytes`. */
export function withPrereadBody(request: Request, bytes: Uint8Array): Request {
  prereadBodies.set(request, bytes);
  return request;
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new ApiError(415, "unsupported_media_type", "Content-Type must be application/json.");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  const tooLarge = () => new ApiError(413, "payload_too_large", `Request body must be at most ${maxBytes} bytes.`);
  if (declared > maxBytes) throw tooLarge();

  const preread = prereadBodies.get(request);
  if (preread && preread.byteLength > maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = preread ? [preread] : [];
  let size = 0;
  if (!preread && request.body) {
    const reader = request.body.getReader();
    for (;;) {
      // A client that hangs up mid-body is not a server failure (and not "database down").
      const { done, value } = await reader.read().catch(() => {
        throw new ApiError(400, "body_unreadable", "The request body could not be read.");
      });
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, "invalid_json", "Request body must be valid JSON.");
  }
}
