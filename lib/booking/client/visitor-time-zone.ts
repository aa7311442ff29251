import { useSyncExternalStore } from "react";

// The visitor's own time zone, as the browser reports it. Null while rendering on the server
// (which cannot know it), so a page shows slot times only once they can be the visitor's own.

const subscribe = () => () => undefined;
/** The browser's own zone ("UTC" when it reports none). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const serverZone = () => null;

export function useBrowserTimeZone(): string | null {
  return useSyncExternalStore(subscribe, browserTimeZone, serverZone);
}

/** Every zone the browser knows, for the time zone picker; the visitor's own always included. */
export function knownTimeZones(own: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(own) ? zones : [own, ...zones];
}
