import { describe, expect, it } from "vitest";
import {
  createPaymentIntentSchema,
  paymentSuccessMetadataSchema,
  paymentSuccessSchema,
  publishBumpSchema,
} from "@/lib/payments/shared/schemas";

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

describe("order bumps in create-payment-intent and the console", () => {
  const checkout = {
    contactId: "7c0a4c5e-8f1b-4f5e-9a57-2f7d8a1e9b10",
    email: "ada@example.com",
    name: "Ada",
    productId: "fast-forward-book",
    quantity: 1,
  };
  const id = "0b8a1d3e-4c5f-4a6b-8c7d-9e0f1a2b3c4d";

  it("takes bump ids, each once, and nothing else", () => {
    expect(createPaymentIntentSchema.safeParse({ ...checkout, bumps: [id] }).success).toBe(true);
    expect(createPaymentIntentSchema.safeParse({ ...checkout, bumps: [] }).success).toBe(true);
    for (const bumps of [[id, id], ["course"], [{ id, amount: 1 }], id]) {
      expect(createPaymentIntentSchema.safeParse({ ...checkout, bumps }).success, JSON.stringify(bumps)).toBe(false);
    }
  });

  it("publishes a new bump by its two products, or a version by the bump's id, never both or a price", () => {
    const copy = { headline: "Add the course", description: "", position: 1, active: true };
    const fresh = { productCode: "fast-forward-book", bumpProductCode: "ai-step-by-step", ...copy };
    expect(publishBumpSchema.safeParse(fresh).success).toBe(true);
    expect(publishBumpSchema.safeParse({ bumpId: id, ...copy }).success).toBe(true);
    expect(publishBumpSchema.safeParse({ ...fresh, bumpId: id }).success).toBe(false);
    expect(publishBumpSchema.safeParse({ ...fresh, unitAmount: 100 }).success).toBe(false);
    expect(publishBumpSchema.safeParse({ ...fresh, headline: "   " }).success).toBe(false);
  });
});
