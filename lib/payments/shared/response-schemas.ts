import { z } from "zod";

// The browser parses every answer with these instead of trusting a cast. No server-only imports.

export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string().min(1),
  paymentIntentId: z.string().min(1),
  subscriptionId: z.string().min(1).optional(),
  contactId: z.string().min(1),
  transactionId: z.string().min(1),
  amount: z.number().int(),
  /** With a coupon: what it took off `amount`'s list price, and the code as applied. */
  discountAmount: z.number().int().optional(),
  couponCode: z.string().optional(),
  /** An offer follows this payment: the card is kept for it, with the buyer's consent shown. */
  offerFollows: z.boolean().optional(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponseSchema>;

export const updateSubscriptionResponseSchema = z.object({
  subscriptionId: z.string().min(1),
  quantity: z.number().int(),
  clientSecret: z.string().min(1),
  paymentIntentId: z.string().min(1),
  /** The first invoice for the new count, after the order's coupon. */
  amount: z.number().int(),
  /** With a coupon: what it takes off the new count's first invoice, and the code. */
  discountAmount: z.number().int().optional(),
  couponCode: z.string().optional(),
});
export type UpdateSubscriptionResponse = z.infer<typeof updateSubscriptionResponseSchema>;

export const paymentSuccessResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  loginDetails: z.object({
    email: z.string(),
    password: z.string().optional(),
    productPurchased: z.string(),
    seatsCount: z.number().int(),
  }),
  // Empty strings pass so the client can answer with its own "not received" messages.
  token: z.string(),
  transactionId: z.string(),
});
export type PaymentSuccessResponse = z.infer<typeof paymentSuccessResponseSchema>;

export const demoConfirmResponseSchema = z.union([
  z.object({ paymentIntent: z.object({ id: z.string(), status: z.string() }) }),
  z.object({
    error: z.object({
      type: z.string(),
      code: z.string(),
      decline_code: z.string().optional(),
      message: z.string(),
    }),
  }),
]);

/** `status` is the provider's word, for code only; `order` only once the payment succeeded. */
export const paymentStatusResponseSchema = z.object({
  paymentIntentId: z.string().min(1),
  status: z.string().min(1),
  order: z
    .object({
      transactionId: z.string().min(1),
      contactId: z.string().min(1),
      subscriptionId: z.string().min(1).optional(),
      productId: z.string().min(1),
      quantity: z.number().int(),
      amount: z.number().int(),
      /** For the browser that bought it: an offer follows, so the page goes on to /next-offer. */
      offerFollows: z.literal(true).optional(),
    })
    .optional(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;
