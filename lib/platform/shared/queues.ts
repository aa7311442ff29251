import type PgBoss from "pg-boss";

// Created or updated by scripts/lib/job-queue.ts; subscribed in lib/platform/server/jobs/worker.ts.

export const JOB_SCHEMA = "pgboss";

export const DEAD_LETTER_QUEUE = "dead-letter";

export const QUEUES = {
  email: "email-send",
  webhook: "webhook-deliver",
  reconcile: "reconcile-sweep",
  recovery: "checkout-recovery",
  privacyDeadlines: "privacy-deadlines",
  funnelRollup: "funnel-rollup",
  refundSubscriptionCancel: "refund-subscription-cancel",
  retention: "data-retention",
  demoRenewals: "demo-renewals",
  dunning: "dunning-sweep",
  lifecycle: "lifecycle-sweep",
  broadcasts: "broadcast-send",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

type QueueSettings = Omit<PgBoss.Queue, "name">;

const scan: QueueSettings = {
  // At most one queued and one running, so a slow sweep never piles up behind itself.
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
    // Failed HTTP attempts follow Svix's schedule; this covers a crash mid-attempt.
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTER_QUEUE,
  },
  [QUEUES.reconcile]: scan,
  [QUEUES.recovery]: scan,
  // A daily job is retried within hours rather than tomorrow; the day record prevents a double send.
  [QUEUES.privacyDeadlines]: { ...scan, retryLimit: 6, retryDelay: 300, retryBackoff: true },
  [QUEUES.funnelRollup]: scan,
  [QUEUES.retention]: scan,
  [QUEUES.demoRenewals]: scan,
  [QUEUES.dunning]: scan,
  [QUEUES.lifecycle]: scan,
  // One run at a time; a run sends for under a minute, so the next minute's run carries on.
  [QUEUES.broadcasts]: scan,
  [QUEUES.refundSubscriptionCancel]: {
    policy: "standard",
    retryLimit: 7,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 120,
    deadLetter: DEAD_LETTER_QUEUE,
  },
};

/** pg-boss sends each once per slot across all workers. */
export const SCHEDULES: { queue: QueueName; cron: string }[] = [
  { queue: QUEUES.reconcile, cron: "*/10 * * * *" },
  { queue: QUEUES.recovery, cron: "*/5 * * * *" },
  { queue: QUEUES.privacyDeadlines, cron: "0 13 * * *" },
  { queue: QUEUES.funnelRollup, cron: "*/15 * * * *" },
  { queue: QUEUES.retention, cron: "20 3 * * *" },
  // Demo mode's billing run (advancing the demo clock also runs it at once).
  { queue: QUEUES.demoRenewals, cron: "*/5 * * * *" },
  // Failed renewals' e-mails, demo retries and ends (advancing the demo clock also runs it).
  { queue: QUEUES.dunning, cron: "*/5 * * * *" },
  // Lifecycle sequences: enrolls new entries, sends the steps due.
  { queue: QUEUES.lifecycle, cron: "*/5 * * * *" },
  // Broadcasts: starts the scheduled ones that are due, sends at each one's rate.
  { queue: QUEUES.broadcasts, cron: "* * * * *" },
];
