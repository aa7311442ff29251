import "server-only";
import { z } from "zod";
import { parseDailyHours, parseWeekdays } from "@/lib/platform/shared/availability-config";
import { isTimeZone } from "@/lib/shared/zoned-time";

// The only module that reads process.env (design.md §3). Everything else asks getConfig().

const postgresUrl = z.string().refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
  message: "must be a postgres:// or postgresql:// URL",
});

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const minutes = (min: number, max: number, fallback: number) =>
  z.coerce
    .number()
    .int({ message: `must be a whole number of minutes from ${min} to ${max}` })
    .min(min, { message: `must be a whole number of minutes from ${min} to ${max}` })
    .max(max, { message: `must be a whole number of minutes from ${min} to ${max}` })
    .default(fallback);

/** A text setting parsed by `parse` (null = invalid), with its default given as text. */
const parsedText = <T>(parse: (text: string) => T | null, fallback: string, message: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      const parsed = parse(value ?? fallback);
      if (parsed === null) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return parsed;
    });

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: postgresUrl.optional(),
  /**
   * A direct connection (not through PgBouncer) for migrations and the job queue's set-up, which
   * hold session-level locks. Unset: DATABASE_URL is used for them too.
   */
  DIRECT_DATABASE_URL: postgresUrl.optional(),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).default("http://localhost:3000"),
  FUNNEL_DATA_DIR: z.string().min(1).default(".data"),
  /** Signs the httpOnly session cookie. npm start generates one under FUNNEL_DATA_DIR when unset. */
  SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  EMBEDDED_POSTGRES_LOG: booleanFlag,
  /** The business behind the funnel, named in legal pages and consent texts. */
  PROVIDER_NAME: z.string().min(1).default("Fast Forward Media LLC"),
  PROVIDER_ADDRESS: z.string().min(1).default("1209 Orange Street, Wilmington, DE 19801, USA"),
  PROVIDER_EMAIL: z.email({ message: "must be an e-mail address" }).default("support@fastforward.example"),
  /** Where the "Download Fast Forward" button on /free-download points: a site path or an http(s) URL. */
  FREE_DOWNLOAD_URL: z
    .string()
    .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || /^https?:\/\/[^\s]+$/.test(v), {
      message: "must be a path starting with / or an http(s) URL",
    })
    .default("/downloads/fast-forward-free-edition.pdf"),
  /** Exposes the team-training-test product and the hidden test-purchase trigger. */
  ENABLE_TEST_PURCHASES: booleanFlag,
  /** Resend delivers e-mail when set; otherwise messages go to the outbox table and the log. */
  RESEND_API_KEY: z.string().min(1).optional(),
  RESEND_BASE_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  EMAIL_FROM: z.string().min(3).default("Fast Forward <hello@fastforward.example>"),
  /** Default variant of /oto-realtime-ai-academy; ?variant= overrides it for previews. */
  OFFER_VARIANT: z.enum(["countdown", "add-to-order", "team"]).default("countdown"),
  /** The offer and strategy-call video. Default: the bundled sample under /media. */
  VIDEO_URL: z
    .string()
    .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || /^https:\/\/[^\s]+$/.test(v), {
      message: "must be an https URL or a /path",
    })
    .default("/media/sample-video.webm"),
  /** Calendly-style scheduling link embedded inline on /schedule-call; unset: the built-in calendar. */
  BOOKING_URL: z.url({ protocol: /^https$/, message: "must be an https URL" }).optional(),
  /**
   * The built-in booking calendar (used when BOOKING_URL is unset): availability in the
   * provider's own time zone. Visitors see the slots in theirs.
   */
  BOOKING_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { message: "must be an IANA time zone such as America/New_York" })
    .default("America/New_York"),
  BOOKING_WEEKDAYS: parsedText(parseWeekdays, "Mon-Fri", "must be days such as Mon-Fri or Mon,Wed,Fri"),
  BOOKING_HOURS: parsedText(parseDailyHours, "09:00-17:00", "must be a daily span such as 09:00-17:00"),
  BOOKING_SLOT_MINUTES: minutes(5, 480, 30),
  BOOKING_BUFFER_MINUTES: minutes(0, 240, 0),
  BOOKING_DAYS_AHEAD: z.coerce
    .number()
    .int({ message: "must be a whole number of days from 1 to 90" })
    .min(1, { message: "must be a whole number of days from 1 to 90" })
    .max(90, { message: "must be a whole number of days from 1 to 90" })
    .default(14),
  BOOKING_MIN_NOTICE_MINUTES: minutes(0, 20160, 120),
  /**
   * Multiplies every per-client request limit. 1 in production; raise it where many visitors
   * share one address on purpose (browser test runs, load tests from a single machine).
   */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
  /** Stripe mode when set (with the publishable key and webhook secret); otherwise the demo gateway. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, { message: "must be a Stripe secret key (sk_… or rk_…)" })
    .optional(),
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, { message: "must be a Stripe publishable key (pk_…)" })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { message: "must be a Stripe webhook secret (whsec_…)" })
    .optional(),
  /** Where stripe-node sends API calls; only for a local Stripe test double. Default: Stripe's API. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  /** The demo gateway is refused when NODE_ENV=production unless this is true. */
  ALLOW_DEMO_PAYMENTS: booleanFlag,
  /** Signs the contract-setup hand-off token. Unset: derived from SESSION_SECRET. */
  HANDOFF_TOKEN_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  /** Signs the operator console's session cookies (better-auth). Unset: derived from SESSION_SECRET. */
  ADMIN_AUTH_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  /**
   * Signs the unsubscribe links of marketing e-mail. Unset: derived from SESSION_SECRET. Changing it
   * breaks the links in mail already sent (they promise to work for 30 days), never the list itself.
   */
  UNSUBSCRIBE_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  /**
   * Keys the hashes on the suppression list. Unset: derived from SESSION_SECRET. Set it in
   * production and never change it: under another key the list matches nobody.
   */
  SUPPRESSION_HASH_KEY: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  /** Contract-setup site for local hosts and for production hosts (spec §4). Unset: /contract-setup. */
  CONTRACT_SETUP_LOCAL_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  CONTRACT_SETUP_PROD_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  /** How many reverse proxies in front of the app append to X-Forwarded-For. 0: trust none. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Where /vip-detected's "Schedule Your Discovery Session" goes: a site path or an http(s) URL. */
  DISCOVERY_URL: z
    .string()
    .refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/.test(v), {
      message: "must be a path starting with / or an http(s) URL",
    })
    .default("/schedule-call"),
  /** npm start also runs the background workers (e-mail, sweeps, webhooks); false: run npm run worker instead. */
  RUN_WORKERS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
  /** How long a stopping worker lets running jobs finish before giving them back to the queue. */
  WORKER_DRAIN_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** An order still unpaid this long after the buyer gave their e-mail gets one recovery e-mail. */
  CHECKOUT_RECOVERY_MINUTES: minutes(5, 10080, 60),
  /** Set: a second recovery e-mail this many hours after the first, if still unpaid. Unset: one only. */
  CHECKOUT_RECOVERY_SECOND_HOURS: z.coerce
    .number()
    .int({ message: "must be a whole number of hours from 1 to 168" })
    .min(1, { message: "must be a whole number of hours from 1 to 168" })
    .max(168, { message: "must be a whole number of hours from 1 to 168" })
    .optional(),
  /** The reconciliation sweep asks the provider about unpaid orders created within this many hours. */
  RECONCILE_LOOKBACK_HOURS: z.coerce
    .number()
    .int({ message: "must be a whole number of hours from 1 to 720" })
    .min(1, { message: "must be a whole number of hours from 1 to 720" })
    .max(720, { message: "must be a whole number of hours from 1 to 720" })
    .default(72),
  /** Most orders the sweep asks the provider about per run (every 10 minutes). */
  RECONCILE_BATCH_SIZE: z.coerce
    .number()
    .int({ message: "must be a whole number from 1 to 1000" })
    .min(1, { message: "must be a whole number from 1 to 1000" })
    .max(1000, { message: "must be a whole number from 1 to 1000" })
    .default(200),
  /** Least severe log level written (pino): JSON lines in production, readable lines otherwise. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Funnel events accepted per client address per minute (POST /api/track-action). */
  TRACK_ACTION_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
});

/** Every variable the app reads, for documentation checks. */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

export type Config = Omit<z.infer<typeof schema>, "SITE_URL"> & { SITE_URL: string };

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid configuration: ${issues.map((i) => `${i.variable} ${i.message}`).join("; ")}. See .env.example.`);
    this.name = "ConfigError";
  }
}

/** Pure: validates an environment record. Values are never echoed (they may be secrets). */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset" so that `FOO=` in a .env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? "environment"),
        message: issue.message,
      })),
    );
  }
  if (result.data.STRIPE_SECRET_KEY) {
    // Stripe mode needs all three: Stripe.js cannot mount without the publishable key, and
    // without the webhook secret payments completed off-page would never be fulfilled.
    const missing = (["NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const).filter(
      (name) => !result.data[name],
    );
    if (missing.length) {
      throw new ConfigError(
        missing.map((variable) => ({ variable, message: "is required when STRIPE_SECRET_KEY is set" })),
      );
    }
  }
  const { startMinute, endMinute } = result.data.BOOKING_HOURS;
  if (result.data.BOOKING_SLOT_MINUTES > endMinute - startMinute) {
    throw new ConfigError([{ variable: "BOOKING_SLOT_MINUTES", message: "is longer than the day in BOOKING_HOURS" }]);
  }
  return { ...result.data, SITE_URL: result.data.SITE_URL.replace(/\/+$/, "") };
}

/**
 * The logger's two settings, read on their own and not cached: the logger is made when a module
 * first imports it, before a test or a script may have set the rest of the environment, and a bad
 * value elsewhere must not silence it. An invalid LOG_LEVEL falls back here; getConfig reports it.
 */
export function getLogSettings(): { level: Config["LOG_LEVEL"]; production: boolean } {
  const parsed = schema.pick({ LOG_LEVEL: true, NODE_ENV: true }).safeParse({
    LOG_LEVEL: process.env.LOG_LEVEL || undefined,
    NODE_ENV: process.env.NODE_ENV || undefined,
  });
  if (!parsed.success) return { level: "info", production: process.env.NODE_ENV === "production" };
  return { level: parsed.data.LOG_LEVEL, production: parsed.data.NODE_ENV === "production" };
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** The cookie-signing secret; npm start always provides one, so absence is a deployment error. */
export function getSessionSecret(): string {
  const secret = getConfig().SESSION_SECRET;
  if (!secret) throw new ConfigError([{ variable: "SESSION_SECRET", message: "is not set (at least 32 characters)" }]);
  return secret;
}

/** The app always runs behind the bootstrap (scripts/start.ts), which sets DATABASE_URL. */
export function getDatabaseUrl(): string {
  const url = getConfig().DATABASE_URL;
  if (!url)
    throw new ConfigError([
      { variable: "DATABASE_URL", message: "is not set (start the app with npm start or npm run dev)" },
    ]);
  return url;
}
