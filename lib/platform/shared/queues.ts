import type PgBoss from "pg-boss";

// Every queue the funnel uses, with its retry policy, in one place: the installer creates or
// updates them (scripts/lib/job-queue.ts) and workers subscribe to them (lib/platform/server/jobs/worker.ts).

export const JOB_SCHEMA = "pgboss";

export const DEAD_LETTER_QUEUE = "dead-letter";

export const QUEUES = {
  /** One outgoing_emails row: 6 attempts over 1–2 hours (120 s doubling; pg-boss adds up to ×2 jitter). */
  email: "email-send",
  /** One outgoing webhook attempt; the next attempt is scheduled by the handler (Svix's schedule). */
  webhook: "webhook-deliver",
  /** Every 10 minutes: unpaid orders whose payment succeeded, stuck SENDING e-mails. */
  reconcile: "reconcile-sweep",
  /** Every 5 minutes: orders unpaid an hour after the buyer gave their e-mail. */
  recovery: "checkout-recovery",
  /** Daily: privacy requests due within 7 days or overdue, to PROVIDER_EMAIL. */
  privacyDeadlines: "privacy-deadlines",
  /** Every 15 minutes: the console's daily funnel rollup (recent days recounted, old ones filled). */
  funnelRollup: "funnel-rollup",
  /** One fully refunded order whose seat subscription must stop renewing (cancel at period end). */
  refundSubscriptionCancel: "refund-subscription-cancel",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

type QueueSettings = Omit<PgBoss.Queue, "name">;

const scan: QueueSettings = {
  // stately: at most one queued and one running, so a slow sweep never piles up behind itself.
  policy: "stately",
  retryLimit: 2,
  retryDelay: 60,
  expireInSeconds: 15 * 60,
  deadLetter: DEAD_LETTER_QUEUE,
};

export const QUEUE_SETTINGS: Record<QueueName, QueueSettings> = {
  [QUEUES.email]: {
    policy: "standard",
    retryLimit: 5,
    retryDelay: 120,
    retryBackoff: true,
    expireInSeconds: 120,
    retentionDays: 7,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  [QUEUES.webhook]: {
    policy: "standard",
    // A crash mid-attempt is retried soon; failed HTTP attempts follow Svix's schedule instead.
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  [QUEUES.reconcile]: scan,
  [QUEUES.recovery]: scan,
  // Runs once a day: a failure (the database restarting) is retried for 5–10 hours (5 min
  // doubling, with jitter) rather than waiting for tomorrow; the digest's day record keeps a retry from sending twice.
  [QUEUES.privacyDeadlines]: { ...scan, retryLimit: 6, retryDelay: 300, retryBackoff: true },
  [QUEUES.funnelRollup]: scan,
  // A provider outage outlasted for ~2 hours (60 s doubling); then the dead letter and the
  // order page's cancel button.
  [QUEUES.refundSubscriptionCancel]: {
    policy: "standard",
    retryLimit: 7,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 120,
    deadLetter: DEAD_LETTER_QUEUE,
  },
};

/** Cron schedules (UTC) of the periodic queues; pg-boss sends each once per slot across all workers. */
export const SCHEDULES: { queue: QueueName; cron: string }[] = [
  { queue: QUEUES.reconcile, cron: "*/10 * * * *" },
  { queue: QUEUES.recovery, cron: "*/5 * * * *" },
  { queue: QUEUES.privacyDeadlines, cron: "0 13 * * *" },
  { queue: QUEUES.funnelRollup, cron: "*/15 * * * *" },
];
