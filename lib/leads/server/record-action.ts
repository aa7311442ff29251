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

/** The browser that sent the event, from the signed cookie; a page view starts its session. */
export type TrackContext = { browserId: string; gpcOptOut: boolean };

// A page view starts the session (bounces included), so the funnel's first step has every visitor.
// One statement: ON CONFLICT makes concurrent first views insert one row, and a session id already
// held by another browser keeps its owner (the event is still stored, as any other is).
const PAGE_LOAD_SQL = `
  WITH started AS (
    INSERT INTO funnel_sessions (id, browser_id, gpc_opt_out, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
    VALUES ($1, $6, $7, $4::jsonb->>'utm_source', $4::jsonb->>'utm_medium', $4::jsonb->>'utm_campaign',
            $4::jsonb->>'utm_term', $4::jsonb->>'utm_content')
    ON CONFLICT (id) DO NOTHING
  )
  INSERT INTO funnel_events (session_id, step, action, data, client_timestamp) VALUES ($1, $2, $3, $4::jsonb, $5)`;

const EVENT_SQL =
  "INSERT INTO funnel_events (session_id, step, action, data, client_timestamp) VALUES ($1, $2, $3, $4::jsonb, $5)";

export async function recordAction(input: TrackActionInput, context: TrackContext): Promise<void> {
  const values = [input.sessionId, input.step, input.action, JSON.stringify(input.data), new Date(input.timestamp)];
  // Raw pool: the funnel's hottest write. Unnamed: a named statement breaks behind PgBouncer in
  // transaction mode (docs/operations.md#pgbouncer).
  if (input.action === "page_load") {
    await getPool().query(PAGE_LOAD_SQL, [...values, context.browserId, context.gpcOptOut]);
  } else {
    await getPool().query(EVENT_SQL, values);
  }
}
