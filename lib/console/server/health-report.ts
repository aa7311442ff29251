import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import { addressedOrigin } from "@/lib/platform/server/http/addressed-origin";
import { readQueueState, type QueueReading } from "@/lib/platform/server/jobs/read-queue-state";
import { log } from "@/lib/platform/server/logger";
import { sendingDomainState } from "@/lib/platform/server/mail/sending-domain";
import { describeError } from "@/lib/platform/shared/describe-error";
import { QUEUES, SCHEDULES } from "@/lib/platform/shared/queues";
import { demoPaymentsRefused } from "@/lib/payments/server/select-gateway";
import { SAMPLE_VIDEO_URL } from "@/lib/offers/shared/offer-links";
import { everyMinutes, healthItems, type HealthItem } from "@/lib/console/shared/health-rules";

// Every console page shows the strip, so the queue is read at most once per CACHE_MS per instance,
// and a slow or failed read shows as an item instead of holding up or breaking the page.

export const HEALTH_CACHE_MS = 20_000;
const READ_TIMEOUT_MS = 1_500;

type Cached = { at: number; reading: Promise<QueueReading | null> };
const globalForHealth = globalThis as unknown as { consoleQueueHealth?: Cached };

function timeout(): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), READ_TIMEOUT_MS).unref());
}

function cachedQueueState(now: number): Promise<QueueReading | null> {
  const cached = globalForHealth.consoleQueueHealth;
  if (cached && now - cached.at < HEALTH_CACHE_MS) return cached.reading;
  const reading = Promise.race([readQueueState(QUEUES.reconcile), timeout()]).catch((error: unknown) => {
    log.warn(`[console] reading the job queue's health failed: ${describeError(error)}`);
    return null;
  });
  globalForHealth.consoleQueueHealth = { at: now, reading };
  return reading;
}

/** Forgets the cached read (tests). */
export function resetHealthCache(): void {
  globalForHealth.consoleQueueHealth = undefined;
}

/** What the console's health strip lists for a request with these headers. */
export async function consoleHealth(headers: Headers, now = Date.now()): Promise<HealthItem[]> {
  try {
    const config = getConfig();
    const sweep = SCHEDULES.find((schedule) => schedule.queue === QUEUES.reconcile);
    const [queue, sendingDomain] = await Promise.all([cachedQueueState(now), sendingDomainState(now)]);
    return healthItems({
      stripeSecretKey: Boolean(config.STRIPE_SECRET_KEY),
      stripeWebhookSecret: Boolean(config.STRIPE_WEBHOOK_SECRET),
      demoPaymentsRefused: demoPaymentsRefused(),
      emailProvider: Boolean(config.RESEND_API_KEY),
      emailWebhookSecret: Boolean(config.RESEND_WEBHOOK_SECRET),
      sendingDomain,
      siteOrigin: new URL(config.SITE_URL).origin,
      addressedOrigin: addressedOrigin(headers),
      sampleVideo: config.VIDEO_URL === SAMPLE_VIDEO_URL,
      queue,
      sweepEveryMinutes: sweep ? everyMinutes(sweep.cron) : null,
    });
  } catch (error) {
    log.warn(`[console] the health strip failed: ${describeError(error)}`);
    return [];
  }
}
