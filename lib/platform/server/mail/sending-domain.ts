import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/platform/server/config";
import { log } from "@/lib/platform/server/logger";
import { describeError } from "@/lib/platform/shared/describe-error";

// What Resend says of the domain in EMAIL_FROM (GET /domains). Asked at most once per CACHE_MS per
// instance; a page waits at most WAIT_MS for an answer and otherwise shows the last one (or none),
// so a slow API never holds up the console. Nothing is asked in outbox mode.

export const SENDING_DOMAIN_CACHE_MS = 10 * 60_000;
const FAILED_RETRY_MS = 60_000;
const FETCH_TIMEOUT_MS = 5_000;
const WAIT_MS = 400;
const DEFAULT_API = "https://api.resend.com";

/** `status` is Resend's (verified, pending, not_started, failed, …); null: the domain is not in the account. */
export type SendingDomain = { name: string; status: string | null };

const listSchema = z.object({
  data: z.array(z.object({ name: z.string(), status: z.string() })),
});

type Cached = {
  name: string;
  at: number;
  value: SendingDomain | null;
  pending: Promise<SendingDomain | null> | null;
};
const globalForDomain = globalThis as unknown as { resendSendingDomain?: Cached };

/** The domain of an address such as `Name <hello@mail.example.com>`. */
export function senderDomain(from: string): string | null {
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
  const at = address.trim().lastIndexOf("@");
  return at > 0
    ? address
        .trim()
        .slice(at + 1)
        .toLowerCase() || null
    : null;
}

async function askResend(apiKey: string, baseUrl: string, name: string): Promise<SendingDomain> {
  const response = await fetch(`${baseUrl.replace(/\/+$/, "")}/domains`, {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Resend answered ${response.status}`);
  const { data } = listSchema.parse(await response.json());
  const match = data.find((domain) => domain.name.toLowerCase() === name);
  return { name, status: match?.status ?? null };
}

/** Forgets the cached answer (tests). */
export function resetSendingDomainCache(): void {
  globalForDomain.resendSendingDomain = undefined;
}

/** Resend's view of the sending domain, or null in outbox mode, before the first answer, or after a failed one. */
export async function sendingDomainState(now = Date.now()): Promise<SendingDomain | null> {
  const config = getConfig();
  const name = senderDomain(config.EMAIL_FROM);
  if (!config.RESEND_API_KEY || !name) return null;
  const cached = globalForDomain.resendSendingDomain;
  if (cached?.name === name) {
    if (cached.pending) return waitBriefly(cached.pending, cached.value);
    if (now - cached.at < (cached.value ? SENDING_DOMAIN_CACHE_MS : FAILED_RETRY_MS)) return cached.value;
  }
  const entry: Cached = { name, at: now, value: cached?.name === name ? cached.value : null, pending: null };
  entry.pending = askResend(config.RESEND_API_KEY, config.RESEND_BASE_URL ?? DEFAULT_API, name)
    .then((value) => {
      entry.value = value;
      return value;
    })
    .catch((error: unknown) => {
      log.warn(`[mail] asking Resend about the sending domain failed: ${describeError(error)}`);
      entry.value = null;
      return null;
    })
    .finally(() => {
      entry.pending = null;
    });
  globalForDomain.resendSendingDomain = entry;
  return waitBriefly(entry.pending, entry.value);
}

function waitBriefly(pending: Promise<SendingDomain | null>, fallback: SendingDomain | null) {
  const late = new Promise<SendingDomain | null>((resolve) => setTimeout(() => resolve(fallback), WAIT_MS).unref());
  return Promise.race([pending, late]);
}
