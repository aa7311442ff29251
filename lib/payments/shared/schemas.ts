import { z } from "zod";
import { contactIdSchema } from "@/lib/leads/shared/contact-id";
import { contactEmailSchema, contactNameSchema } from "@/lib/leads/shared/contact-schema";
import { intentIdOfSecret } from "@/lib/payments/shared/return-params";

// Strict objects: an amount, price or currency key is refused; the server decides money.

const email = contactEmailSchema;
const name = contactNameSchema;
const providerId = z.string().regex(/^[A-Za-z0-9_]{3,255}$/, "must be a payment provider id");
/** Whoever holds it is the payer (Stripe's rule), cookie or not. */
const clientSecret = z
  .string()
  .max(255)
  .refine((value) => intentIdOfSecret(value) !== null, "must be a payment's client secret");

/** Checked by the server against the product's current catalog range (assertQuantity), one message for every wrong value. */
const quantity = z.custom<number>(() => true);

export const createPaymentIntentSchema = z.strictObject({
  contactId: contactIdSchema,
  email,
  name,
  productId: z.string().min(1).max(64),
  quantity,
  /** Spec name for the product's first order bump; `bumps` names any of them. */
  includeUpsell: z.boolean().optional(),
  bumps: z
    .array(z.uuid("must be order bump ids"))
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, "must not name a bump twice")
    .optional(),
});

export const updateSubscriptionSchema = z.strictObject({ subscriptionId: providerId, quantity });

const cents = z.number().int().min(0).max(100_000_000);
const count = z.number().int().min(1).max(1_000_000);
/** Stripe's smallest US-dollar charge. */
const MIN_CHARGE_CENTS = 50;

/** A new price version of a product, as the console publishes it. */
export const publishPriceSchema = z
  .strictObject({
    productCode: z.string().min(1).max(64),
    unitAmount: cents.min(MIN_CHARGE_CENTS, "must be at least 50 cents, the smallest card charge"),
    referenceAmount: cents.nullable(),
    minQuantity: count,
    maxQuantity: count,
  })
  .refine((body) => body.maxQuantity >= body.minQuantity, {
    path: ["maxQuantity"],
    message: "must be at least minQuantity",
  });

const bumpCopy = {
  headline: z.string().trim().min(1).max(120),
  description: z.string().trim().max(600),
  position: z.number().int().min(0).max(1000),
  active: z.boolean(),
};

/** A new order bump of a product, or the next version of one, as the console publishes it. */
export const publishBumpSchema = z.union([
  z.strictObject({ productCode: z.string().min(1).max(64), bumpProductCode: z.string().min(1).max(64), ...bumpCopy }),
  z.strictObject({ bumpId: z.uuid(), ...bumpCopy }),
]);

export const paymentSuccessSchema = z.strictObject({
  email: email.optional(),
  name: name.optional(),
  subscriptionId: providerId.optional(),
  paymentIntentId: providerId.optional(),
  contactId: contactIdSchema.optional(),
  transactionId: z.uuid("Missing transaction information. Please contact support.").optional(),
  /** From a return link opened without this browser's cookie. */
  clientSecret: clientSecret.optional(),
});

export const paymentStatusSchema = z
  .strictObject({ paymentIntentId: providerId, clientSecret })
  .refine((body) => intentIdOfSecret(body.clientSecret) === body.paymentIntentId, {
    path: ["clientSecret"],
    message: "must be the client secret of paymentIntentId",
  });

export const paymentSuccessMetadataSchema = z.strictObject({
  subscriptionId: providerId.optional(),
  paymentIntentId: providerId.optional(),
  checkoutEmail: email.optional(),
  checkoutName: name.optional(),
});

export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

export type {
  PaymentIntentResponse,
  PaymentSuccessResponse,
  UpdateSubscriptionResponse,
} from "@/lib/payments/shared/response-schemas";
