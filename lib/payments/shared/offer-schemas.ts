import { z } from "zod";

// The post-purchase offer's requests and answers; the server decides every amount.

const uuid = z.uuid();
const productCode = z.string().min(1).max(64);

export const nextOfferSchema = z.strictObject({ transactionId: uuid });
export const offerAnswerSchema = z.strictObject({ transactionId: uuid, productCode });

export const nextOfferResponseSchema = z.object({
  transactionId: z.string(),
  offer: z
    .object({
      productCode: z.string(),
      productName: z.string(),
      step: z.enum(["upsell", "downsell"]),
      amount: z.number().int(),
      currency: z.string(),
      headline: z.string(),
      body: z.string(),
    })
    .nullable(),
});
export type NextOfferResponse = z.infer<typeof nextOfferResponseSchema>;

export const acceptOfferResponseSchema = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("succeeded"), transactionId: z.string() }),
  /** Still confirming with the bank: ask again shortly. */
  z.object({ outcome: z.literal("processing"), transactionId: z.string() }),
  z.object({
    outcome: z.literal("requires_action"),
    transactionId: z.string(),
    clientSecret: z.string(),
    paymentMethodId: z.string(),
  }),
  z.object({
    outcome: z.literal("card_required"),
    transactionId: z.string(),
    clientSecret: z.string(),
    message: z.string(),
  }),
]);
export type AcceptOfferResponse = z.infer<typeof acceptOfferResponseSchema>;

const copyField = z.string().max(2000);
export const publishOfferSchema = z
  .strictObject({
    afterProductCode: productCode,
    offerProductCode: productCode.nullable(),
    offerAmount: z.number().int().min(50).max(100_000_000).nullable(),
    headline: z.string().max(200),
    body: copyField,
    downsellProductCode: productCode.nullable(),
    downsellAmount: z.number().int().min(50).max(100_000_000).nullable(),
    downsellHeadline: z.string().max(200),
    downsellBody: copyField,
  })
  .refine((b) => b.downsellProductCode === null || b.offerProductCode !== null, {
    path: ["downsellProductCode"],
    message: "needs an offer to follow",
  });
export type PublishOfferInput = z.infer<typeof publishOfferSchema>;
