import "server-only";
import { headers } from "next/headers";
import { NONCE_HEADER } from "@/lib/site/server/page-security";

/** This request's CSP nonce (set by proxy.ts), for inline scripts a server component renders. */
export async function getCspNonce(): Promise<string | undefined> {
  return (await headers()).get(NONCE_HEADER) ?? undefined;
}
