import { z } from "zod";
import { contactIdSchema } from "@/lib/leads/shared/contact-id";
import { contactEmailSchema, contactNameSchema } from "@/lib/leads/shared/contact-schema";
import { intentIdOfSecret } from "@/lib/payments/shared/return-params";
import { PAYMENT_CHOICES, paymentPlanSchema } from "@/lib/payments/shared/payment-plan";
import { COUPON_CODE_PATTERN, MIN_CHARGE_CENTS, normalizeCouponCode } from "@/lib/payments/shared/coupon-rules";

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
  /** Checked by the server (coupon_invalid); any case, spaces around it ignored. */
  couponCode: z.string().max(64).transform(normalizeCouponCode).optional(),
  /** A console preview of a price or bump test (signed, checked by the server); never an amount. */
  experimentPreview: z.string().max(200).optional(),
  /** "plan": the price's payment plan, priced by the server from the catalog; absent: pay in full. */
  payment: z.enum(PAYMENT_CHOICES).optional(),
});

export const updateSubscriptionSchema = z.strictObject({ subscriptionId: providerId, quantity });

const cents = z.number().int().min(0).max(100_000_000);
const count = z.number().int().min(1).max(1_000_000);

/** A new price version of a product, as the console publishes it. */
export const publishPriceSchema = z
  .strictObject({
    productCode: z.string().min(1).max(64),
    unitAmount: cents.min(MIN_CHARGE_CENTS, "must be at least 50 cents, the smallest card charge"),
    referenceAmount: cents.nullable(),
    minQuantity: count,
    maxQuantity: count,
    /** Absent or null: the price has no payment plan. */
    plan: paymentPlanSchema.nullable().optional(),
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
const optionalCount = count.nullable();
const moment = z.iso.datetime({ offset: true }).nullable();

/** A new coupon, as the console creates it (docs/decisions/0031-coupons.md). */
export const createCouponSchema = z
  .strictObject({
    code: z
      .string()
      .max(64)
      .transform(normalizeCouponCode)
      .pipe(z.string().regex(COUPON_CODE_PATTERN, "must be 3 to 32 letters, digits, - or _")),
    percentOff: z.number().int().min(1).max(100).nullable(),
    amountOff: cents.min(1).nullable(),
    productCode: z.string().min(1).max(64).nullable(),
    startsAt: moment,
    endsAt: moment,
    maxRedemptions: optionalCount,
    maxPerBuyer: optionalCount,
    durationMonths: z.number().int().min(1).max(36),
  })
  .refine((body) => (body.percentOff === null) !== (body.amountOff === null), {
    path: ["percentOff"],
    message: "give either percentOff or amountOff",
  })
  .refine((body) => !body.startsAt || !body.endsAt || Date.parse(body.endsAt) > Date.parse(body.startsAt), {
    path: ["endsAt"],
    message: "must be after startsAt",
  });

export const deactivateCouponSchema = z.strictObject({ couponId: z.uuid() });

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
