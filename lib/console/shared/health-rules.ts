// What the console's health strip lists: only what is wrong or degraded, each with what it means and
// what to set. Text in `backticks` is a variable, command or path, shown as code.
import type { QueueReading } from "@/lib/platform/server/jobs/read-queue-state";

export type QueueState = QueueReading;

export type HealthFacts = {
  stripeSecretKey: boolean;
  stripeWebhookSecret: boolean;
  /** Production without Stripe keys and without ALLOW_DEMO_PAYMENTS: checkout is refused. */
  demoPaymentsRefused: boolean;
  emailProvider: boolean;
  /** Resend's delivery events (bounces, complaints) reach /api/resend/webhook. */
  emailWebhookSecret: boolean;
  /** Resend's status of the EMAIL_FROM domain (null status: not in the account); null when unknown or in outbox mode. */
  sendingDomain: { name: string; status: string | null } | null;
  siteOrigin: string;
  /** The origin the operator's request addressed, or null when it could not be told. */
  addressedOrigin: string | null;
  sampleVideo: boolean;
  /** null: the queue could not be read. */
  queue: QueueState | null;
  /** The reconciliation sweep's interval, from its cron schedule. */
  sweepEveryMinutes: number | null;
};

export type HealthLevel = "problem" | "note";

export type HealthItem = { id: string; level: HealthLevel; title: string; detail: string };

const MINUTE_MS = 60_000;
/** pg-boss writes its cron heartbeat about every 30 s and its maintenance one every 2 minutes. */
export const WORKER_SILENT_AFTER_MS = 3 * MINUTE_MS;
export const BACKLOG_OLDEST_MS = 5 * MINUTE_MS;
export const BACKLOG_JOBS = 500;
/** Two missed slots plus the sweep's own retries before it counts as late. */
export const sweepAllowanceMs = (everyMinutes: number) => (2 * everyMinutes + 5) * MINUTE_MS;

/** N of a "every N minutes" cron (`*\/N * * * *`), else null. */
export function everyMinutes(cron: string): number | null {
  const match = /^\*\/(\d{1,2}) \* \* \* \*$/.exec(cron.trim());
  return match ? Number(match[1]) : null;
}

/** "45 seconds", "12 minutes", "3 hours", "2 days": the largest whole unit. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const [value, unit] =
    seconds < 120
      ? [seconds, "second"]
      : seconds < 2 * 3600
        ? [Math.floor(seconds / 60), "minute"]
        : seconds < 2 * 86400
          ? [Math.floor(seconds / 3600), "hour"]
          : [Math.floor(seconds / 86400), "day"];
  return `${value} ${unit}${value === 1 ? "" : "s"}`;
}

const STRIPE_KEYS = "`STRIPE_SECRET_KEY`, `NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY` and `STRIPE_WEBHOOK_SECRET`";

function paymentItems(facts: HealthFacts): HealthItem[] {
  if (!facts.stripeSecretKey) {
    return [
      facts.demoPaymentsRefused
        ? {
            id: "demo-payments",
            level: "problem",
            title: "Checkout is refused",
            detail: `No Stripe keys are set, and demo payments are off in production. Set ${STRIPE_KEYS} to take payments (or \`ALLOW_DEMO_PAYMENTS=true\` for a demo site).`,
          }
        : {
            id: "demo-payments",
            level: "note",
            title: "Demo payments",
            detail: `Checkout takes the demo test cards and charges nothing, because no Stripe key is set. Set ${STRIPE_KEYS} to take real payments.`,
          },
    ];
  }
  if (facts.stripeWebhookSecret) return [];
  return [
    {
      id: "stripe-webhook",
      level: "problem",
      title: "Stripe webhook secret missing",
      detail:
        "Stripe keys are set but `STRIPE_WEBHOOK_SECRET` is not, so `/api/stripe/webhook` answers nothing and payments finished off the page are never fulfilled. Set it to the signing secret of that webhook in Stripe.",
    },
  ];
}

function configItems(facts: HealthFacts): HealthItem[] {
  const items: HealthItem[] = [];
  if (!facts.emailProvider) {
    items.push({
      id: "email-logged",
      level: "note",
      title: "E-mail is logged, not sent",
      detail:
        "No e-mail provider is configured (`RESEND_API_KEY`), so every e-mail stays in the outbox with status LOGGED, although visitors are told to check their inbox. Read one address's messages with `npm run outbox -- <address>`; set `RESEND_API_KEY` (and `EMAIL_FROM`) to send them.",
    });
  }
  if (facts.emailProvider && !facts.emailWebhookSecret) {
    items.push({
      id: "email-webhook",
      level: "note",
      title: "Bounces and complaints are not recorded",
      detail:
        "E-mail is sent through Resend, but `RESEND_WEBHOOK_SECRET` is not set, so `/api/resend/webhook` answers nothing: hard-bounced and complaining addresses keep getting marketing mail. Add that endpoint in Resend's webhooks and set its signing secret.",
    });
  }
  if (facts.emailProvider && facts.sendingDomain && facts.sendingDomain.status !== "verified") {
    const { name, status } = facts.sendingDomain;
    items.push({
      id: "sending-domain",
      level: "problem",
      title: "Sending domain not verified",
      detail: `${status === null ? `Resend has no domain ${name}` : `Resend reports the domain ${name} as ${status.replaceAll("_", " ")}`}, so e-mail from \`EMAIL_FROM\` is refused or lands in spam. Add the SPF and DKIM records Resend lists for it (docs/operations.md#sending-domain-spf-dkim-and-dmarc), or set \`EMAIL_FROM\` to an address on a verified domain.`,
    });
  }
  if (facts.addressedOrigin !== null && facts.addressedOrigin !== facts.siteOrigin) {
    items.push({
      id: "site-url",
      level: "problem",
      title: "SITE_URL does not match this address",
      detail: `This page was opened at ${facts.addressedOrigin}, but \`SITE_URL\` is ${facts.siteOrigin}. Sign-in, passkeys and every link in e-mails use \`SITE_URL\`: set it to the address operators and visitors use, or open ${facts.siteOrigin}. Behind a reverse proxy, set \`TRUSTED_PROXY_HOPS\` so the forwarded address counts.`,
    });
  }
  if (facts.sampleVideo) {
    items.push({
      id: "sample-video",
      level: "note",
      title: "Sample video",
      detail:
        "The strategy-call and team-offer pages play the bundled 12-second sample video. Set `VIDEO_URL` to your own (an https URL or a /path).",
    });
  }
  return items;
}

function workerItems(queue: QueueState): HealthItem[] {
  const items: HealthItem[] = [];
  const now = queue.now.getTime();
  const silentFor = queue.workerSeenAt ? now - queue.workerSeenAt.getTime() : null;
  if (silentFor === null || silentFor > WORKER_SILENT_AFTER_MS) {
    items.push({
      id: "worker",
      level: "problem",
      title: "No background worker running",
      detail: `${silentFor === null ? "No worker has ever checked in" : `No worker has checked in for ${formatAge(silentFor)}`}: e-mails wait in the queue and the sweeps (reconciliation, checkout recovery, privacy deadlines) do not run. Run \`npm run worker\`, or let \`npm start\` run one (\`RUN_WORKERS\` not false).`,
    });
  }
  const waited = queue.oldestDueAt ? now - queue.oldestDueAt.getTime() : 0;
  if (queue.dueJobs >= BACKLOG_JOBS || waited >= BACKLOG_OLDEST_MS) {
    items.push({
      id: "queue-backlog",
      level: "problem",
      title: "Job queue backing up",
      detail: `${queue.dueJobs} ${queue.dueJobs === 1 ? "job is" : "jobs are"} waiting to start, the oldest for ${formatAge(waited)}. The workers are not keeping up: check their log, or start more with \`npm run worker\`.`,
    });
  }
  return items;
}

function sweepItems(queue: QueueState, every: number | null): HealthItem[] {
  if (every === null) return [];
  const now = queue.now.getTime();
  const allowance = sweepAllowanceMs(every);
  const title = "Reconciliation sweep late";
  const why = `it runs every ${every} minutes and fulfils orders paid where the page never reported it`;
  if (queue.sweepCompletedAt) {
    const age = now - queue.sweepCompletedAt.getTime();
    if (age <= allowance) return [];
    return [
      {
        id: "reconcile",
        level: "problem",
        title,
        detail: `The last reconciliation sweep completed ${formatAge(age)} ago; ${why}. Check that a worker runs and its log for failed sweeps.`,
      },
    ];
  }
  if (!queue.sweepScheduledAt) {
    return [
      {
        id: "reconcile",
        level: "problem",
        title: "Reconciliation sweep not scheduled",
        detail: `The job queue has no reconciliation schedule; ${why}. \`npm run db:migrate\` (or \`npm start\`) sets the schedules up.`,
      },
    ];
  }
  const since = now - queue.sweepScheduledAt.getTime();
  if (since <= allowance) return [];
  return [
    {
      id: "reconcile",
      level: "problem",
      title,
      detail: `No reconciliation sweep has completed in the ${formatAge(since)} since it was scheduled; ${why}. Check that a worker runs and its log for failed sweeps.`,
    },
  ];
}

/** Problems first, then notes, each group in a fixed order. */
export function healthItems(facts: HealthFacts): HealthItem[] {
  const queueItems: HealthItem[] = facts.queue
    ? [...workerItems(facts.queue), ...sweepItems(facts.queue, facts.sweepEveryMinutes)]
    : [
        {
          id: "queue-unreadable",
          level: "problem",
          title: "Job queue state unknown",
          detail:
            "The worker and the sweeps could not be checked: reading the job queue failed or took too long. `GET /api/health` says whether the database answers.",
        },
      ];
  const all = [...paymentItems(facts), ...configItems(facts), ...queueItems];
  return [...all.filter((item) => item.level === "problem"), ...all.filter((item) => item.level === "note")];
}
