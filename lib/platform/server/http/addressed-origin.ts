import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { requestOriginOf } from "@/lib/platform/shared/origin";

/** The origin a page request addressed: the app itself speaks plain HTTP, so https comes only through trusted proxies. */
export function addressedOrigin(headers: Headers): string | null {
  return requestOriginOf(headers, getConfig().TRUSTED_PROXY_HOPS, "http:");
}
