import { getFunnelSession } from "@/lib/funnel/client-session";

// Fire-and-forget funnel tracking (spec §4 steps, spec §7 track-action). Never throws, never
// blocks a click: keepalive lets the request outlive a navigation; failures are only warnings.

export type FunnelStep = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export function trackAction(step: FunnelStep, action: string, data: Record<string, unknown> = {}): void {
  try {
    const body = JSON.stringify({
      sessionId: getFunnelSession().sessionId,
      step,
      action,
      data,
      timestamp: new Date().toISOString(),
    });
    fetch("/api/track-action", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      keepalive: true,
    })
      .then((response) => {
        if (!response.ok) console.warn(`[tracking] ${action} not recorded (HTTP ${response.status})`);
      })
      .catch((error: unknown) => console.warn(`[tracking] ${action} not sent`, error));
  } catch (error) {
    console.warn(`[tracking] ${action} not sent`, error);
  }
}
