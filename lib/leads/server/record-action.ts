import "server-only";
import { z } from "zod";
import { getPool } from "@/lib/platform/server/db";
import { contactIdSchema } from "@/lib/leads/shared/contact-id";
import { FUNNEL_EVENTS, isFunnelAction } from "@/lib/leads/shared/event-catalog";
import { boundedDateTime } from "@/lib/platform/shared/datetime";
import { EVENT_DATA_SCHEMAS } from "@/lib/leads/server/event-data";

// Action, step and data must match the event catalog exactly (event-data.ts).

const eventSchema = z.strictObject({
  sessionId: contactIdSchema,
  step: z.number().int().min(1).max(7),
  action: z.string().refine(isFunnelAction, "action is not in the funnel event catalog"),
  data: z.unknown(),
  timestamp: boundedDateTime,
});

export const trackActionSchema = eventSchema.superRefine((event, context) => {
  if (!isFunnelAction(event.action)) return;
  if (FUNNEL_EVENTS[event.action].step !== event.step) {
    context.addIssue({
      code: "custom",
      message: "step does not match the action's step in the funnel event catalog",
      path: ["step"],
    });
    return;
  }
  const data = EVENT_DATA_SCHEMAS[event.action].safeParse(event.data);
  if (!data.success) {
    const issue = data.error.issues[0]!;
    const field = ["data", ...issue.path.map(String)].join(".");
    context.addIssue({ code: "custom", message: `${field}: ${issue.message}`, path: ["data", ...issue.path] });
  }
});

export type TrackActionInput = z.infer<typeof trackActionSchema>;

export async function recordAction(input: TrackActionInput): Promise<void> {
  // Raw pool: the funnel's hottest write. Unnamed: a named statement breaks behind PgBouncer in
  // transaction mode (docs/operations.md#pgbouncer).
  await getPool().query(
    "INSERT INTO funnel_events (session_id, step, action, data, client_timestamp) VALUES ($1, $2, $3, $4::jsonb, $5)",
    [input.sessionId, input.step, input.action, JSON.stringify(input.data), new Date(input.timestamp)],
  );
}
