import { getFunnelSession } from "@/lib/leads/client/client-session";
import { post } from "@/lib/platform/client/client-post";
import { stepOf, type FunnelAction, type FunnelEventData } from "@/lib/leads/shared/event-catalog";

// Fire-and-forget funnel tracking (spec §4 steps, spec §7 track-action): the one way the browser
// records an event. The action comes from the catalog, which also fixes its step and the shape
// of its data. Never throws, never blocks a click: keepalive lets the request outlive a
// navigation; failures are only warnings.

export function trackAction<A extends FunnelAction>(action: A, data: FunnelEventData[A]): void {
  const warn = (error: unknown) => console.warn(`[tracking] ${action} not recorded:`, error);
  try {
    const event = {
      sessionId: getFunnelSession().sessionId,
      step: stepOf(action),
      action,
      data,
      timestamp: new Date().toISOString(),
    };
    post("/api/track-action", event, null, "no answer", { keepalive: true }).catch(warn);
  } catch (error) {
    warn(error);
  }
}
