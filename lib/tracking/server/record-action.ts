import "server-only";
import { z } from "zod";
import { getPool } from "@/lib/platform/server/db";
import { contactIdSchema } from "@/lib/funnel/shared/contact-id";
import { FUNNEL_EVENTS, isFunnelAction } from "@/lib/tracking/shared/event-catalog";
import { boundedDateTime } from "@/lib/http/shared/datetime";

// POST /api/track-action (spec §7): one funnel event per call, stored as sent. The action must be
// in the event catalog and the step the catalog's (spec §4 steps 1–7); data is a small JSON
// object, at most 4 KB once serialised.

export const MAX_EVENT_DATA_BYTES = 4 * 1024;

const dataSchema = z
  .record(z.string().max(100), z.json())
  .refine(
    (data) => Buffer.byteLength(JSON.stringify(data), "utf8") <= MAX_EVENT_DATA_BYTES,
    `data must be at most ${MAX_EVENT_DATA_BYTES} bytes.`,
  );

const eventSchema = z.strictObject({
  sessionId: contactIdSchema,
  step: z.number().int().min(1).max(7),
  action: z.string().refine(isFunnelAction, "action is not in the funnel event catalog"),
  data: dataSchema.optional().default({}),
  timestamp: boundedDateTime,
});

export const trackActionSchema = eventSchema.refine(
  (event) => !isFunnelAction(event.action) || FUNNEL_EVENTS[event.action].step === event.step,
  { message: "step does not match the action's step in the funnel event catalog", path: ["step"] },
);

export type TrackActionInput = z.infer<typeof trackActionSchema>;

export async function recordAction(input: TrackActionInput): Promise<void> {
  // One plain INSERT on Prisma's own pool: this is the funnel's hottest write, and the ORM's
  // request pipeline would cost more than the statement (npm run bench:api). Named, so each
  // connection parses and plans it once and then only binds values.
  await getPool().query({
    name: "record-funnel-event",
    text: "INSERT INTO funnel_events (session_id, step, action, data, client_timestamp) VALUES ($1, $2, $3, $4::jsonb, $5)",
    values: [input.sessionId, input.step, input.action, JSON.stringify(input.data), new Date(input.timestamp)],
  });
}
