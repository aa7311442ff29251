import "server-only";
import { z } from "zod";
import { parseDailyHours, parseWeekdays } from "@/lib/platform/shared/availability-config";
import { isTimeZone } from "@/lib/shared/zoned-time";

// The only module that reads process.env; everything else asks getConfig().

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

/** SITE_URL when unset: the local server's own address, so links and sign-in follow PORT. */
export const defaultSiteUrl = (port: number) => `http://localhost:${port}`;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: postgresUrl.optional(),
  /** Direct connection (not through PgBouncer) for session-level locks: migrations, queue set-up. */
  DIRECT_DATABASE_URL: postgresUrl.optional(),
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SITE_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  FUNNEL_DATA_DIR: z.string().min(1).default(".data"),
  /** npm start generates one under FUNNEL_DATA_DIR when unset. */
  SESSION_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  EMBEDDED_POSTGRES_LOG: booleanFlag,
  PROVIDER_NAME: z.string().min(1).default("Fast Forward Media LLC"),
  PROVIDER_ADDRESS: z.string().min(1).default("1209 Orange Street, Wilmington, DE 19801, USA"),
  PROVIDER_EMAIL: z.email({ message: "must be an e-mail address" }).default("support@fastforward.example"),
  FREE_DOWNLOAD_URL: z
    .string()
    .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || /^https?:\/\/[^\s]+$/.test(v), {
      message: "must be a path starting with / or an http(s) URL",
    })
    .default("/downloads/fast-forward-free-edition.pdf"),
  ENABLE_TEST_PURCHASES: booleanFlag,
  /** Unset: messages go to the outbox table and the log. */
  RESEND_API_KEY: z.string().min(1).optional(),
  RESEND_BASE_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  /** Resend's webhook signing secret (Svix); unset, POST /api/resend/webhook answers 404. */
  RESEND_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, { message: "must be a Resend webhook signing secret (whsec_…)" })
    .optional(),
  EMAIL_FROM: z.string().min(3).default("Fast Forward <hello@fastforward.example>"),
  /** false: marketing e-mails keep their links as written, and no click is recorded. */
  EMAIL_CLICK_TRACKING: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
  OFFER_VARIANT: z.enum(["countdown", "add-to-order", "team"]).default("countdown"),
  VIDEO_URL: z
    .string()
    .refine((v) => (v.startsWith("/") && !v.startsWith("//")) || /^https:\/\/[^\s]+$/.test(v), {
      message: "must be an https URL or a /path",
    })
    .default("/media/sample-video.webm"),
  BOOKING_URL: z.url({ protocol: /^https$/, message: "must be an https URL" }).optional(),
  BOOKING_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { message: "must be an IANA time zone such as America/New_York" })
    .default("America/New_York"),
  /** The console's dates for an operator who chose no zone of their own. */
  CONSOLE_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { message: "must be an IANA time zone such as America/New_York" })
    .default("UTC"),
  BOOKING_WEEKDAYS: parsedText(parseWeekdays, "Mon-Fri", "must be days such as Mon-Fri or Mon,Wed,Fri"),
  BOOKING_HOURS: parsedText(parseDailyHours, "09:00-17:00", "must be a daily span such as 09:00-17:00"),
  /** Lifecycle e-mails go out inside this daily span, in the lead's time zone (else BOOKING_TIME_ZONE). */
  LIFECYCLE_SEND_HOURS: parsedText(parseDailyHours, "09:00-17:00", "must be a daily span such as 09:00-17:00"),
  BOOKING_SLOT_MINUTES: minutes(5, 480, 30),
  BOOKING_BUFFER_MINUTES: minutes(0, 240, 0),
  BOOKING_DAYS_AHEAD: z.coerce
    .number()
    .int({ message: "must be a whole number of days from 1 to 90" })
    .min(1, { message: "must be a whole number of days from 1 to 90" })
    .max(90, { message: "must be a whole number of days from 1 to 90" })
    .default(14),
  BOOKING_MIN_NOTICE_MINUTES: minutes(0, 20160, 120),
  /** Raise it where many visitors share one address on purpose (browser tests, load tests). */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
  /** Stripe mode when set; otherwise the demo gateway. */
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
  /** Only for a local Stripe test double. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  ALLOW_DEMO_PAYMENTS: booleanFlag,
  HANDOFF_TOKEN_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  ADMIN_AUTH_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  /** Changing it breaks the unsubscribe links in mail already sent. */
  UNSUBSCRIBE_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  /** Never change it in production: under another key the suppression list matches nobody. */
  SUPPRESSION_HASH_KEY: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
  /** See docs/product.md#contract-setup-hand-off. Unset: /contract-setup. */
  CONTRACT_SETUP_LOCAL_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  CONTRACT_SETUP_PROD_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  /** 0: trust no X-Forwarded-For entry. */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  DISCOVERY_URL: z
    .string()
    .refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/.test(v), {
      message: "must be a path starting with / or an http(s) URL",
    })
    .default("/schedule-call"),
  /** false: run npm run worker instead. */
  RUN_WORKERS: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v !== "false" && v !== "0"),
  WORKER_DRAIN_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  CHECKOUT_RECOVERY_MINUTES: minutes(5, 10080, 60),
  CHECKOUT_RECOVERY_SECOND_HOURS: z.coerce
    .number()
    .int({ message: "must be a whole number of hours from 1 to 168" })
    .min(1, { message: "must be a whole number of hours from 1 to 168" })
    .max(168, { message: "must be a whole number of hours from 1 to 168" })
    .optional(),
  RECONCILE_LOOKBACK_HOURS: z.coerce
    .number()
    .int({ message: "must be a whole number of hours from 1 to 720" })
    .min(1, { message: "must be a whole number of hours from 1 to 720" })
    .max(720, { message: "must be a whole number of hours from 1 to 720" })
    .default(72),
  RECONCILE_BATCH_SIZE: z.coerce
    .number()
    .int({ message: "must be a whole number from 1 to 1000" })
    .min(1, { message: "must be a whole number from 1 to 1000" })
    .max(1000, { message: "must be a whole number from 1 to 1000" })
    .default(200),
  /** Sent e-mail bodies (links included) are blanked this many days after sending. */
  EMAIL_BODY_RETENTION_DAYS: z.coerce
    .number()
    .int({ message: "must be a whole number of days from 1 to 3650" })
    .min(1, { message: "must be a whole number of days from 1 to 3650" })
    .max(3650, { message: "must be a whole number of days from 1 to 3650" })
    .default(30),
  /** Finished, failed and archived queue jobs (their payloads and error output) are deleted after this. */
  JOB_RETENTION_DAYS: z.coerce
    .number()
    .int({ message: "must be a whole number of days from 1 to 365" })
    .min(1, { message: "must be a whole number of days from 1 to 365" })
    .max(365, { message: "must be a whole number of days from 1 to 365" })
    .default(14),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRACK_ACTION_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
});

export const CONFIG_VARIABLES = Object.keys(schema.shape);

export type Config = Omit<z.infer<typeof schema>, "SITE_URL"> & { SITE_URL: string };

export class ConfigError extends Error {
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid configuration: ${issues.map((i) => `${i.variable} ${i.message}`).join("; ")}. See .env.example.`);
    this.name = "ConfigError";
  }
}

/** Values are never echoed: they may be secrets. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // `FOO=` in a .env file falls back to the default.
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
    // Without the publishable key Stripe.js cannot mount; without the webhook secret off-page
    // payments would never be fulfilled.
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
  const siteUrl = result.data.SITE_URL ?? defaultSiteUrl(result.data.PORT);
  return { ...result.data, SITE_URL: siteUrl.replace(/\/+$/, "") };
}

/**
 * Read on their own and not cached: the logger is made at first import, before tests or scripts
 * set the rest of the environment, and a bad value elsewhere must not silence it.
 */
export function getLogSettings(): { level: Config["LOG_LEVEL"]; production: boolean } {
  const parsed = schema.pick({ LOG_LEVEL: true, NODE_ENV: true }).safeParse({
    LOG_LEVEL: process.env.LOG_LEVEL || undefined,
    NODE_ENV: process.env.NODE_ENV || undefined,
  });
  if (!parsed.success) return { level: "info", production: process.env.NODE_ENV === "production" };
  return { level: parsed.data.LOG_LEVEL, production: parsed.data.NODE_ENV === "production" };
}

/** `next build` prerenders pages with no database; the page cache never serves those copies (decision 0003). */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

export function getSessionSecret(): string {
  const secret = getConfig().SESSION_SECRET;
  if (!secret) throw new ConfigError([{ variable: "SESSION_SECRET", message: "is not set (at least 32 characters)" }]);
  return secret;
}

export function getDatabaseUrl(): string {
  const url = getConfig().DATABASE_URL;
  if (!url)
    throw new ConfigError([
      { variable: "DATABASE_URL", message: "is not set (start the app with npm start or npm run dev)" },
    ]);
  return url;
}
