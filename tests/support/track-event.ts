import { peerHeader } from "./http";

/** A valid POST /api/track-action from `address` (stamped as the HTTP front would), for route tests. */
export function trackEventRequest(address: string, sessionId: string): Request {
  return new Request("http://localhost:3000/api/track-action", {
    method: "POST",
    headers: { "content-type": "application/json", ...peerHeader(address) },
    body: JSON.stringify(trackEventBody(sessionId)),
  });
}

/** A valid track-action event: the session's click on a button, now. */
export function trackEventBody(sessionId: string, source = "hero") {
  return { sessionId, step: 2, action: "button_click", data: { source }, timestamp: new Date().toISOString() };
}

/** A browser's page_load of `page` with the address's UTM values, as the landing's tracker sends it. */
export function pageViewBody(sessionId: string, page = "/", utm: Partial<Record<string, string>> = {}) {
  const utmFields = { utm_source: "", utm_medium: "", utm_campaign: "", utm_term: "", utm_content: "", ...utm };
  return {
    sessionId,
    step: 1,
    action: "page_load",
    data: { page, referrer: null, viewport: "desktop", ...utmFields },
    timestamp: new Date().toISOString(),
  };
}
