import "server-only";
import { z } from "zod";
import type { CatalogSubject } from "@/lib/experiments/shared/catalog-subjects";
import { MIN_CHARGE_CENTS } from "@/lib/shared/money";

// The stored shape of a catalog test's variants, checked when a draft is saved and when a row is read.

const cents = z.number().int().min(MIN_CHARGE_CENTS, "A price must be at least 50 cents.").max(100_000_000);
const productCode = z.string().trim().min(1).max(64);
const byVariant = <T extends z.ZodType>(definition: T) => z.record(z.string().min(1).max(40), definition);

export const catalogSubjectSchema: z.ZodType<CatalogSubject> = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("price"), productCode, variants: byVariant(z.strictObject({ amount: cents })) }),
  z.strictObject({
    kind: z.literal("bump"),
    productCode,
    variants: byVariant(
      z.strictObject({
        bumpIds: z
          .array(z.uuid("Name bumps by their ids."))
          .max(20)
          .refine((ids) => new Set(ids).size === ids.length, "Name each bump once."),
      }),
    ),
  }),
  z.strictObject({
    kind: z.literal("post_offer"),
    productCode,
    variants: byVariant(
      z
        .strictObject({ shown: z.boolean(), amount: cents.nullable() })
        .refine((offer) => offer.shown || offer.amount === null, "A hidden offer has no price."),
    ),
  }),
]);
