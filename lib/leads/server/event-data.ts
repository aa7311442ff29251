import "server-only";
import { z } from "zod";
import { UTM_KEYS } from "@/lib/leads/shared/utm";
import type { FunnelAction, FunnelEventData } from "@/lib/leads/shared/event-catalog";

// Only declared fields of declared types, so the documented events cannot drift from stored rows.
// tests/unit/leads/event-catalog.test.ts ties the fields to the catalog.

const text = (max = 200) => z.string().max(max);
const url = text(2048);
const count = z.number().int().min(1).max(10_000);
const utm = Object.fromEntries(UTM_KEYS.map((key) => [key, text()])) as Record<(typeof UTM_KEYS)[number], z.ZodString>;

export const EVENT_DATA_SCHEMAS = {
  page_load: z.strictObject({
    page: url,
    referrer: url.nullable(),
    viewport: z.enum(["mobile", "desktop"]),
    ...utm,
  }),
  button_click: z.strictObject({ source: text() }),
  form_submit: z.strictObject({ source: text() }),
  survey_submit: z.strictObject({ track: z.enum(["business_owner", "non_owner"]) }),
  qualification_result: z.strictObject({ qualified: z.boolean() }),
  phone_submit: z.strictObject({ consent: z.literal(true) }),
  checkout_click: z.union([
    z.strictObject({ target: url, button: text() }),
    z.strictObject({ productId: text(), quantity: count, transactionId: text() }),
  ]),
  booking_scheduled: z.strictObject({ eventId: text(500) }),
  payment_complete: z.strictObject({
    productId: text(),
    quantity: count,
    transactionId: text(),
    amount: z.number().int().min(0).max(100_000_000),
  }),
} as const satisfies { [A in FunnelAction]: z.ZodType<FunnelEventData[A]> };

export function schemaFields(action: FunnelAction): string[] {
  const schema: z.ZodType = EVENT_DATA_SCHEMAS[action];
  const options = schema instanceof z.ZodUnion ? (schema.options as z.ZodType[]) : [schema];
  return [...new Set(options.flatMap((option) => (option instanceof z.ZodObject ? Object.keys(option.shape) : [])))];
}
