import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/api-error";
import { readJsonBody, withPrereadBody } from "@/lib/http/read-body";

// readJsonBody with a body the HTTP server read already (lib/http/node-bridge.ts): the same
// checks, in the same order, as for a streamed body.

const request = (headers: Record<string, string>, bytes: string) =>
  withPrereadBody(
    new Request("http://localhost/api/track-action", { method: "POST", headers }),
    new TextEncoder().encode(bytes),
  );
const json = { "content-type": "application/json" };

async function failure(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error("expected an ApiError");
  return [error.status, error.code];
}

describe("readJsonBody with a pre-read body", () => {
  it("parses the bytes it was given", async () => {
    await expect(readJsonBody(request(json, '{"a":[1,"é"]}'), 100)).resolves.toEqual({ a: [1, "é"] });
  });

  it("checks the content type first, then the size, then the JSON", async () => {
    expect(await failure(readJsonBody(request({ "content-type": "text/plain" }, "{}"), 100))).toEqual([
      415,
      "unsupported_media_type",
    ]);
    expect(await failure(readJsonBody(request(json, `"${"x".repeat(100)}"`), 100))).toEqual([413, "payload_too_large"]);
    expect(await failure(readJsonBody(request({ ...json, "content-length": "101" }, "{}"), 100))).toEqual([
      413,
      "payload_too_large",
    ]);
    expect(await failure(readJsonBody(request(json, "{"), 100))).toEqual([400, "invalid_json"]);
  });

  it("counts bytes, not characters", async () => {
    expect(await failure(readJsonBody(request(json, `"${"é".repeat(50)}"`), 100))).toEqual([413, "payload_too_large"]);
  });
});
