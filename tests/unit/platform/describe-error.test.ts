import { describe, expect, it } from "vitest";
import { describeError, describeErrorForVisitor } from "@/lib/platform/shared/describe-error";

describe("describeError", () => {
  it("keeps the type and code and drops the message, which may quote personal data", () => {
    const error = Object.assign(new Error("Unique constraint failed on email ada@example.com"), {
      name: "PrismaClientKnownRequestError",
      code: "P2002",
    });
    expect(describeError(error)).toBe("PrismaClientKnownRequestError P2002");
    expect(describeError(new TypeError("bad ada@example.com"))).toBe("TypeError");
    expect(describeError("ada@example.com")).toBe("unknown error");
  });
});

describe("describeErrorForVisitor", () => {
  it("prefers a status, then the server digest, then the message", () => {
    expect(describeErrorForVisitor({ status: 503, statusText: "Service Unavailable" })).toBe("503 Service Unavailable");
    expect(describeErrorForVisitor({ message: "x", digest: "abc123" })).toBe(
      "Something went wrong on our side (reference abc123).",
    );
    expect(describeErrorForVisitor({ message: "Network down" })).toBe("Network down");
    expect(describeErrorForVisitor({ message: "  " })).toBe("Something went wrong.");
  });
});
