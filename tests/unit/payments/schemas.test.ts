import { describe, expect, it } from "vitest";
import { paymentSuccessMetadataSchema, paymentSuccessSchema } from "@/lib/payments/shared/schemas";

// payment-success's optional contact fields follow the one e-mail and name rule
// (lib/leads/shared/contact-schema.ts), not "any string".

describe("payment-success contact fields", () => {
  it.each([
    ["email", "not-an-email"],
    ["email", "x@example.com\r\nBcc: z@z.z"],
    ["name", "Ada\r\nBcc: z@z.z"],
  ])("payment-success refuses %s %j", (field, value) => {
    expect(paymentSuccessSchema.safeParse({ [field]: value }).success).toBe(false);
  });

  it.each([
    ["checkoutEmail", "a@"],
    ["checkoutName", "Ada\u0000"],
  ])("payment-success-metadata refuses %s %j", (field, value) => {
    expect(paymentSuccessMetadataSchema.safeParse({ [field]: value }).success).toBe(false);
  });

  it("accepts them absent or valid", () => {
    expect(paymentSuccessSchema.safeParse({}).success).toBe(true);
    expect(paymentSuccessSchema.safeParse({ email: "ada@example.com", name: "Ada" }).success).toBe(true);
    expect(
      paymentSuccessMetadataSchema.safeParse({ checkoutEmail: "ada@example.com", checkoutName: "Ada" }).success,
    ).toBe(true);
  });
});
