import { describe, expect, it } from "vitest";
import { ApiError, badRequest, conflict, errorResponse, notFound, unavailable } from "@/lib/platform/shared/api-error";
import { ERROR_CODES, isErrorCode } from "@/lib/platform/shared/error-codes";

// The closed table of error codes: every code an API answer carries comes from it, with its
// status. That no module builds an error body by hand is ESLint's (no-restricted-syntax).

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
});
