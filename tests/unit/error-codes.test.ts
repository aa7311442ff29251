import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError, badRequest, conflict, errorResponse, notFound, unavailable } from "@/lib/platform/shared/api-error";
import { ERROR_CODES, isErrorCode } from "@/lib/platform/shared/error-codes";

// The closed table of error codes (issue 9, item 5): every code an API answer carries comes from
// it, with its status, and no module builds an error body by hand.

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (entry === "generated" || entry === "node_modules") return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry) ? [full] : [];
  });
}

describe("the error table", () => {
  it("takes the status from the code, and a default message when none is given", () => {
    const error = new ApiError("already_paid");
    expect(error.status).toBe(409);
    expect(error.message).toBe(ERROR_CODES.already_paid.message);
    expect(badRequest("Bad.", "quantity_too_large").status).toBe(400);
    expect(conflict("Busy.").code).toBe("conflict");
    expect(notFound().status).toBe(404);
    expect(unavailable().status).toBe(503);
  });

  it("holds every code lib/payments uses today and the coming quantity limit", () => {
    for (const code of [
      "already_paid",
      "canceled",
      "payment_not_succeeded",
      "gateway_error",
      "gateway_unavailable",
      "unknown_product",
      "payments_unavailable",
      "quantity_too_large",
      "not_found",
      "invalid_request",
    ]) {
      expect(isErrorCode(code), code).toBe(true);
    }
  });

  it("gives every 503 a Retry-After and every error { error: { code, message } }", async () => {
    const response = errorResponse(unavailable());
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      error: { code: "service_unavailable", message: ERROR_CODES.service_unavailable.message },
    });
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(status >= 400 && status < 600, code).toBe(true);
    }
  });

  it("is the only way lib/, app/ and the server front build an error body", () => {
    // Any object literal with an `error: {` key counts, whatever its keys' order; comments do not.
    // The exceptions, each for a documented reason:
    const allowed = new Map([
      ["lib/platform/shared/api-error.ts", "the one builder of the body"],
      ["lib/payments/server/demo-confirm.ts", "emulates Stripe.js's own error shape (demo gateway), not our body"],
      ["lib/payments/client/client-api.ts", "a browser-side result object, never sent as an answer"],
      ["scripts/lib/front-methods.mjs", "plain-JavaScript front; its body is checked against the table below"],
    ]);
    const files = [
      ...sourceFiles(path.join(root, "lib")),
      ...sourceFiles(path.join(root, "app")),
      path.join(root, "scripts/lib/front-methods.mjs"),
    ];
    const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    const builders = files
      .filter((file) => /\berror:\s*\{/.test(withoutComments(readFileSync(file, "utf8"))))
      .map((file) => path.relative(root, file).split(path.sep).join("/"));
    expect(builders.filter((file) => !allowed.has(file))).toEqual([]);
    // The allow-list stays short: an entry whose file no longer builds such a body is dropped.
    expect([...allowed.keys()].filter((file) => !builders.includes(file))).toEqual([]);
    // Every code the API routes throw is in the table (a typo would not type-check; this also
    // covers the plain-JavaScript front).
    const front = readFileSync(path.join(root, "scripts/lib/front-methods.mjs"), "utf8");
    const frontBody = /code: "([a-z_]+)", message: "([^"]+)"/.exec(front);
    expect(frontBody?.[1]).toBe("method_not_allowed");
    expect(frontBody?.[2]).toBe(ERROR_CODES.method_not_allowed.message);
  });
});
