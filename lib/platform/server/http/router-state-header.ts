import "server-only";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";

// Next.js parses the client router's state header while rendering and answers a malformed one
// with a 500 and a logged stack trace. Its own parser, run first, lets the proxy answer 400.

export const ROUTER_STATE_HEADER = "next-router-state-tree";

export function hasMalformedRouterState(headers: Headers): boolean {
  const value = headers.get(ROUTER_STATE_HEADER);
  if (value === null) return false;
  try {
    parseAndValidateFlightRouterState(value);
    return false;
  } catch {
    return true;
  }
}
