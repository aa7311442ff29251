import { useSyncExternalStore } from "react";

// Null on the server, so slot times show only once they can be the visitor's own.

const subscribe = () => () => undefined;
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const serverZone = () => null;

export function useBrowserTimeZone(): string | null {
  return useSyncExternalStore(subscribe, browserTimeZone, serverZone);
}

export function knownTimeZones(own: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(own) ? zones : [own, ...zones];
}
