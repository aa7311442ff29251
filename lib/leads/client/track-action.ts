import { getFunnelSession } from "@/lib/leads/client/client-session";
import { post } from "@/lib/platform/client/client-post";
import { stepOf, type FunnelAction, type FunnelEventData } from "@/lib/leads/shared/event-catalog";

// Never throws, never blocks a click: keepalive lets the request outlive a navigation.

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
