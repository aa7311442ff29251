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
