import { describe, expect, it } from "vitest";
import { describeError } from "@/lib/describe-error";

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
