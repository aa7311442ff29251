import { z } from "zod";
import { contactIdSchema } from "@/lib/funnel/shared/contact-id";
import { contactEmailSchema, contactNameSchema } from "@/lib/lead-capture/shared/contact-schema";

// Request bodies of the payment routes (spec §3, §7), shared by route handlers and the client.
// Strict objects: an amount, price or currency key is refused — the server decides money.

export const QUANTITY_MESSAGE = "quantity must be an integer between 1 and 50";

const email = contactEmailSchema;
const name = contactNameSchema;
const providerId = z.string().regex(/^[A-Za-z0-9_]{3,255}$/, "must be a payment provider id");

export const createPaymentIntentSchema = z.strictObject({
  contactId: contactIdSchema,
  email,
  name,
  productId: z.string().min(1).max(64),
  // Each product's own range (book and course 1–10, seats 1–50) is checked against the catalog.
  quantity: z.number({ message: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(1, QUANTITY_MESSAGE).max(10_000),
  /** The offer pages' "add to order" choice (spec: upsellAccepted / includeUpsell). */
  includeUpsell: z.boolean().optional(),
});

export const seatQuantitySchema = z
  .number({ message: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(50, QUANTITY_MESSAGE);

export const updateSubscriptionSchema = z.strictObject({
  subscriptionId: providerId,
  quantity: seatQuantitySchema,
});

export const paymentSuccessSchema = z.strictObject({
  email: email.optional(),
  name: name.optional(),
  subscriptionId: providerId.optional(),
  paymentIntentId: providerId.optional(),
  contactId: contactIdSchema.optional(),
  transactionId: z.uuid("Missing transaction information. Please contact support.").optional(),
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
