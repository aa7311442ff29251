import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ROUTE_METHODS from "@/scripts/lib/route-methods.json";
import { answerRoute } from "../../../support/route";

type ApiPath = keyof typeof ROUTE_METHODS;
import { OFFER_VARIANTS } from "@/lib/experiments/shared/offer-variant";
import { PRIVACY_REQUEST_TYPES } from "@/lib/privacy/shared/request-types";
import { READINESS_OPTIONS, REVENUE_OPTIONS } from "@/lib/leads/shared/survey-questions";
import { nextPeer, peerHeader } from "@/tests/support/http";
import { registeredVisitor } from "@/tests/support/visitor";
import { outboxMails } from "@/tests/support/outbox";
import { signUnsubscribeToken } from "@/lib/platform/server/mail/unsubscribe-token";

// Property: whatever arrives at any API route — text Postgres cannot store (NUL, unpaired
// surrogates), dates outside any calendar Postgres keeps, huge or fractional numbers, wrong
// types, unknown keys, bodies that are not JSON, and every method a route does not serve — the
// answer is never ≥ 500, every error carries { error: { code, message } }, and every 405 carries
// Allow. Methods Next.js cannot represent (TRACE, CONNECT) never reach a route handler; the HTTP
// front answers them (tests/integration/scripts/http-front.test.ts). The Stripe webhook in Stripe mode is
// fuzzed in webhook-fuzz.test.ts; here (demo mode) it is unconfigured and must answer 404, as must
// Resend's webhook without its secret.

type Handler = (request: Request) => Response | Promise<Response>;
type RouteModule = Partial<Record<Method, Handler>>;
const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

const tally = { requests: 0, fiveHundreds: 0, byStatus: new Map<number, number>() };

// Values that reached Postgres as 500s before and their relatives.
const NASTY_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfff",
  "\udc00\ud800",
  "x@example.com\r\nBcc: z@z.z",
  "Ada\r\nBcc: z@z.z",
  "a@",
  "@",
  "",
  " ",
  "x".repeat(5000),
  "0000-01-01T00:00:00Z",
  "0000-01-01T00:00:00.000+00:00",
  "9999-12-31T23:59:59Z",
  "-000001-01-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "2026-02-30T00:00:00Z",
  "1969-12-31T23:59:59.999Z",
  "\u202eevil",
  "💥",
  "__proto__",
  "constructor",
  "pi_demo_0_secret_0",
  "tmp-\u0000\u0000\u0000\u0000",
];
const NASTY_NUMBERS = [1e308, -1e308, 2 ** 53 + 2, 1e21, -0, 0, -1, 0.5, 7, 50, 51, 10_001, 2 ** 31, -(2 ** 31) - 1];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(...NASTY_STRINGS),
);
const hostileNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(...NASTY_NUMBERS));
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
);

/** Shared state the near-valid values draw on: a registered visitor, a demo intent, free slots and a booking. */
const known = {
  contactId: randomUUID(),
  cookie: "",
  clientSecret: "",
  paymentIntentId: "",
  transactionId: "",
  slotStarts: [] as string[],
  manageToken: "",
  unsubscribeToken: "",
};

const uuid = fc.oneof(
  fc.uuid({ version: 4 }),
  fc.constant(null).map(() => known.contactId),
);
const email = fc.oneof(
  { weight: 3, arbitrary: fc.uuid({ version: 4 }).map((u) => `fuzz-${u}@example.com`) },
  { weight: 1, arbitrary: fc.constantFrom("x@example.com\r\nBcc: z@z.z", "a@", "@") },
);
const name = fc.constantFrom("Ada", "Ada Lovelace", " Grace  Hopper ", "Zoë");
const isoNow = fc.date({
  min: new Date(Date.UTC(2001, 0, 1)),
  max: new Date(Date.UTC(2098, 0, 1)),
  noInvalidDate: true,
});
const clientSecret = fc.constant(null).map(() => known.clientSecret);
const slotStart = fc.oneof(
  { weight: 3, arbitrary: fc.nat(40).map((i) => known.slotStarts[i % known.slotStarts.length] ?? "") },
  { weight: 1, arbitrary: isoNow.map((d) => d.toISOString()) },
);
const timeZone = fc.constantFrom("Europe/Berlin", "America/New_York", "Asia/Kolkata", "Pacific/Auckland", "UTC");
const manageToken = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null).map(() => known.manageToken) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
);
const providerId = fc.oneof(
  fc.constant(null).map(() => known.paymentIntentId),
  fc.constantFrom("sub_demo_123", "pi_demo_123"),
);

// The fields of each route with values that pass its schema; the fuzz swaps any of them for a
// hostile value, drops some, and adds unknown keys.
const FIELDS: Record<
  Exclude<
    ApiPath,
    | "/api/health"
    | "/api/products"
    | "/api/stripe/webhook"
    | "/api/resend/webhook"
    | "/api/booking/slots"
    | "/api/unsubscribe"
    | "/api/admin/privacy/export"
    | "/api/admin/leads/export"
    | "/api/admin/orders/export"
  >,
  Record<string, fc.Arbitrary<unknown>>
> = {
  "/api/register": { contactId: uuid, name, email, utm_source: fc.constantFrom("google", "x"), gpc: fc.boolean() },
  "/api/survey": {
    contactId: uuid,
    hasBusiness: fc.constant("Yes"),
    businessOwnerResponses: fc.record({
      readyToImplement: fc.constantFrom(...READINESS_OPTIONS),
      hasBudget: fc.constantFrom("Yes", "No"),
      willSaveMoney: fc.constantFrom("Yes", "No"),
      industry: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...NASTY_STRINGS)),
      revenue: fc.constantFrom(...REVENUE_OPTIONS),
    }),
  },
  "/api/track-action": {
    sessionId: uuid,
    // The action's own step and catalog fields, so most bodies are stored.
    step: fc.constant(2),
    action: fc.constant("button_click"),
    data: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          source: fc.oneof({ weight: 3, arbitrary: fc.string({ maxLength: 30 }) }, hostileString),
        }),
      },
      { weight: 1, arbitrary: fc.dictionary(hostileString, hostileValue, { maxKeys: 4 }) },
    ),
    timestamp: isoNow.map((d) => d.toISOString()),
  },
  "/api/offer-view": { variant: fc.constantFrom(...OFFER_VARIANTS) },
  "/api/phone-consent": {
    contactId: uuid,
    phone: fc.constantFrom("+1 415 555 0100", "(415) 555-0101", "+44 7700 900123"),
    consent: fc.constant(true),
  },
  "/api/privacy-request": {
    name,
    email,
    requestType: fc.constantFrom(...PRIVACY_REQUEST_TYPES.map((t) => t.value)),
    details: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom(...NASTY_STRINGS)),
  },
  "/api/scheduled-call": {
    contactId: uuid,
    eventId: fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
    scheduledTime: isoNow.map((d) => d.toISOString()),
    eventType: fc.constantFrom("Discovery call", "Strategy"),
    userTimezone: fc.constantFrom("Europe/Berlin", "America/New_York", "UTC"),
  },
  "/api/booking": {
    contactId: uuid,
    start: slotStart,
    userTimezone: timeZone,
    name: fc.option(name, { nil: undefined }),
    email: fc.option(email, { nil: undefined }),
  },
  "/api/booking/cancel": { token: manageToken },
  "/api/confirm-email": { token: manageToken },
  "/api/privacy-request/verify": { token: manageToken },
  "/api/billing/cancellation": { subscriptionId: uuid, cancel: fc.boolean() },
  "/api/billing/seats/preview": { subscriptionId: uuid, seats: fc.integer({ min: 1, max: 60 }) },
  "/api/billing/seats": {
    subscriptionId: uuid,
    seats: fc.integer({ min: 1, max: 60 }),
    quote: fc.stringMatching(/^[A-Za-z0-9_.-]{1,200}$/),
  },
  "/api/billing/card": {
    subscriptionId: uuid,
    card: fc.constant({ number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" }),
  },
  "/api/billing/card-link": {
    token: manageToken,
    card: fc.constant({ number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" }),
  },
  "/api/billing/card-link-setup": { token: manageToken },
  "/api/billing/card-setup": { subscriptionId: uuid },
  "/api/billing/link": { email },
  "/api/billing/sign-in": { token: manageToken },
  "/api/billing/sign-out": {},
  "/api/booking/move": { token: manageToken, start: slotStart, userTimezone: timeZone },
  "/api/create-payment-intent": {
    contactId: uuid,
    email,
    name,
    productId: fc.constantFrom("fast-forward-book", "ai-step-by-step", "team-training-seat", "nope"),
    // 1 is valid for every product; larger counts only for seats.
    quantity: fc.oneof(
      { weight: 3, arbitrary: fc.constant(1) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }) },
      { weight: 1, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
    ),
    includeUpsell: fc.boolean(),
    bumps: fc.array(fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })), { maxLength: 3 }),
  },
  "/api/update-subscription": { subscriptionId: providerId, quantity: fc.integer({ min: 1, max: 50 }) },
  "/api/payment-success": {
    email,
    name,
    paymentIntentId: providerId,
    contactId: uuid,
    transactionId: fc.oneof(
      fc.uuid({ version: 4 }),
      fc.constant(null).map(() => known.transactionId),
    ),
  },
  "/api/payment-success-metadata": { paymentIntentId: providerId, checkoutEmail: email, checkoutName: name },
  "/api/demo-payments/confirm": {
    clientSecret,
    card: fc.record({
      number: fc.constantFrom("4242 4242 4242 4242", "4000 0000 0000 0002", "1234"),
      expiry: fc.constantFrom("12 / 34", "01/20", "x"),
      cvc: fc.constantFrom("123", "1"),
    }),
  },
  "/api/payment-status": {
    paymentIntentId: fc.oneof(
      fc.constant(null).map(() => known.paymentIntentId),
      fc.constantFrom("pi_demo_123", "pi_demo_0"),
    ),
    clientSecret: fc.oneof(clientSecret, fc.constantFrom("pi_demo_0_secret_0", "pi_demo_123_secret_abc")),
  },
  "/api/admin/setup": {
    token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    password: fc.constantFrom("correct horse battery", "short", "x".repeat(129)),
  },
  // Behind a session (SESSION_GUARDED below): fuzzed signed in by admin/admin-api-fuzz.test.ts.
  "/api/admin/privacy/apply": { id: uuid },
  "/api/admin/privacy/complete": { id: uuid },
  "/api/admin/privacy/erase": { id: uuid },
  "/api/admin/leads/note": { id: uuid, text: fc.constantFrom("Called, wants the course", "", " ") },
  "/api/admin/leads/tags": { id: uuid, add: fc.constantFrom("vip", "Follow Up", "", "x".repeat(41), "<b>") },
  "/api/admin/leads/resend-welcome": { id: uuid },
  "/api/admin/leads/erase": { id: uuid, confirmEmail: email },
  "/api/admin/leads/flag": { id: uuid, excludedAs: fc.constantFrom("test", "spam", null, "TEST", "") },
  "/api/admin/orders/flag": { orderId: uuid, excludedAs: fc.constantFrom("test", "spam", null, "junk") },
  "/api/admin/settings/time-zone": {
    timeZone: fc.constantFrom("America/New_York", "Europe/Berlin", null, "asia/kolkata", "+05:30", "Mars/Base"),
  },
  "/api/admin/orders/refund": {
    orderId: uuid,
    amount: fc.integer({ min: 1, max: 100_000 }),
    reason: fc.constantFrom("Asked within 30 days", ""),
    requestKey: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
  },
  "/api/admin/orders/cancel-subscription": { orderId: uuid },
  "/api/admin/demo-clock": { days: fc.integer({ min: 1, max: 366 }) },
  "/api/admin/orders/seats": {
    orderId: uuid,
    seats: fc.integer({ min: 1, max: 100 }),
    reason: fc.constantFrom("Team shrank", ""),
    requestKey: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
  },
  "/api/admin/operators": { email, name },
  "/api/admin/operators/setup-link": { operatorId: fc.string({ maxLength: 40 }) },
  "/api/admin/operators/remove": { operatorId: fc.string({ maxLength: 40 }) },
  "/api/admin/operators/role": {
    operatorId: fc.string({ maxLength: 40 }),
    role: fc.constantFrom("owner", "operator", "read_only", "admin", ""),
  },
  "/api/admin/experiments": {
    key: fc.constantFrom("offer-test", "Bad Key", ""),
    surface: fc.constantFrom("landing", "offer", "nope"),
    variants: fc.constant([
      { key: "free", weight: 1 },
      { key: "paid", weight: 1 },
    ]),
    primaryMetric: fc.constantFrom("opt_in", "paid", "revenue"),
  },
  "/api/admin/experiments/start": { id: fc.string({ maxLength: 40 }) },
  "/api/admin/broadcasts": {
    id: fc.oneof(fc.constant(null), fc.uuid(), fc.string({ maxLength: 40 })),
    broadcast: fc.oneof(
      fc.constant({ name: "News", subject: "Hi {{first_name}}", preheader: "", body: "Hello", segment: {} }),
      fc.constant({ name: "", subject: "Hi {{nope}}", segment: { flagged: "include" }, ratePerMinute: 0 }),
      fc.constant("not an object"),
    ),
  },
  "/api/admin/broadcasts/audience": {
    segment: fc.constantFrom({}, { source: "news", to: "2031-02-30" }, { q: "ab" }, "x"),
  },
  "/api/admin/broadcasts/schedule": {
    id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    at: fc.constantFrom(null, "2031-03-01T09:00:00+01:00", "tomorrow"),
  },
  "/api/admin/broadcasts/cancel": { id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })) },
  "/api/admin/experiments/stop": { id: fc.string({ maxLength: 40 }), rollout: fc.string({ maxLength: 10 }) },
  "/api/admin/experiments/update": {
    id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    key: fc.constantFrom("offer-test", "Bad Key", ""),
    surface: fc.constantFrom("landing", "offer", "nope"),
    variants: fc.constantFrom(
      [
        { key: "countdown", weight: 1 },
        { key: "add-to-order", weight: 1 },
      ],
      [
        { key: "free", weight: 1 },
        { key: "paid", weight: 1 },
      ],
    ),
    primaryMetric: fc.constantFrom("opt_in", "paid", "revenue"),
  },
  "/api/admin/experiments/delete": { id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })) },
  "/api/admin/catalog/prices": {
    productCode: fc.constantFrom("fast-forward-book", "team-training-seat", "no-such-product", ""),
    unitAmount: fc.oneof(fc.integer({ min: -5, max: 200_000 }), fc.double(), fc.constant("700")),
    referenceAmount: fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 500_000 })),
    minQuantity: fc.integer({ min: -1, max: 3 }),
    maxQuantity: fc.oneof(fc.integer({ min: -1, max: 2_000_000 }), fc.constant(1.5)),
  },
  "/api/admin/sequences/steps": {
    stepId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    step: fc.record({
      delayHours: fc.oneof(fc.integer({ min: -1, max: 10_000 }), fc.double()),
      condition: fc.constantFrom(null, { booked: false }, { country: "US" }),
      subject: fc.string({ maxLength: 220 }),
      preheader: fc.string({ maxLength: 40 }),
      body: fc.constantFrom("Hi {{first_name|there}}", "{{nickname}}", ""),
    }),
  },
  "/api/admin/sequences/active": {
    sequenceId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    active: fc.boolean(),
  },
  "/api/admin/email-composer/preview": {
    subject: fc.string({ maxLength: 220 }),
    preheader: fc.string({ maxLength: 40 }),
    markdown: fc.constantFrom("Hi {{first_name|there}}", "{{nickname}}", "<script>x</script>", ""),
  },
  "/api/admin/email-composer/test-send": {
    subject: fc.string({ maxLength: 220 }),
    preheader: fc.string({ maxLength: 40 }),
    markdown: fc.constantFrom("Hi {{first_name|there}}", "{{nickname}}", ""),
  },
  "/api/admin/catalog/bumps": {
    productCode: fc.constantFrom("fast-forward-book", "team-training-seat", "ai-step-by-step", "no-such-product"),
    bumpProductCode: fc.constantFrom("ai-step-by-step", "team-training-test", "fast-forward-book", ""),
    bumpId: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
    headline: fc.string({ maxLength: 140 }),
    description: fc.string({ maxLength: 700 }),
    position: fc.oneof(fc.integer({ min: -2, max: 2000 }), fc.double()),
    active: fc.boolean(),
  },
  "/api/admin/catalog/coupons": {
    code: fc.oneof(fc.constantFrom("SPRING-10", "x", "", "lower_case"), fc.string({ maxLength: 70 })),
    percentOff: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 101 })),
    amountOff: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 100_000 }), fc.constant("5")),
    productCode: fc.constantFrom(null, "fast-forward-book", "no-such-product"),
    startsAt: fc.constantFrom(null, "2026-01-01T00:00:00Z", "yesterday"),
    endsAt: fc.constantFrom(null, "2025-01-01T00:00:00Z", "2030-01-01T00:00:00Z"),
    maxRedemptions: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 5 })),
    maxPerBuyer: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 5 })),
    durationMonths: fc.oneof(fc.integer({ min: -1, max: 40 }), fc.constant(1.5)),
  },
  "/api/admin/catalog/coupons/deactivate": {
    couponId: fc.oneof(uuid, fc.string({ maxLength: 40 })),
  },
  "/api/admin/catalog/offers": {
    afterProductCode: fc.constantFrom("fast-forward-book", "ai-step-by-step", "no-such-product", ""),
    offerProductCode: fc.oneof(fc.constant(null), fc.constantFrom("ai-step-by-step", "team-training-seat", "nope")),
    offerAmount: fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 200_000 }), fc.double()),
    headline: fc.string({ maxLength: 250 }),
    body: fc.string(),
    downsellProductCode: fc.oneof(fc.constant(null), fc.constantFrom("fast-forward-book", "ai-step-by-step")),
    downsellAmount: fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 200_000 })),
    downsellHeadline: fc.string(),
    downsellBody: fc.string(),
  },
  "/api/next-offer": {
    transactionId: fc.oneof(
      fc.uuid({ version: 4 }),
      fc.constant(null).map(() => known.transactionId),
      fc.string(),
    ),
  },
  "/api/next-offer/accept": {
    transactionId: fc.oneof(
      fc.uuid({ version: 4 }),
      fc.constant(null).map(() => known.transactionId),
    ),
    productCode: fc.constantFrom("ai-step-by-step", "fast-forward-book", "", "x".repeat(80)),
  },
  "/api/next-offer/decline": {
    transactionId: fc.oneof(
      fc.uuid({ version: 4 }),
      fc.constant(null).map(() => known.transactionId),
    ),
    productCode: fc.constantFrom("ai-step-by-step", "fast-forward-book", "", "x".repeat(80)),
  },
};

function hostileBody(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(fields).map(([key, good]) =>
    fc
      .oneof({ weight: 5, arbitrary: good }, { weight: 1, arbitrary: hostileValue })
      .chain((value) => fc.option(fc.constant<[string, unknown]>([key, value]), { nil: null, freq: 6 })),
  );
  // An unknown key in one body of four (every schema is strict, so it is a 400).
  const extra = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.tuple(hostileString, hostileValue) },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([pairs, more]) => {
    const body: Record<string, unknown> = {};
    for (const pair of pairs) if (pair) body[pair[0]] = pair[1];
    if (more && !(more[0] in body)) body[more[0]] = more[1];
    return body;
  });
}

type Sent = {
  method: Method;
  raw: string;
  contentType: string; /** "none", "known" (the registered visitor's) or a raw Cookie header. */
  cookie: string;
  query: string;
};

/** JSON nested `depth` levels deep: thousands once overflowed the stack (500) on every route. */
const nested = (depth: number, open = "[", close = "]") => `${open.repeat(depth)}${close.repeat(depth)}`;
const DEEP_BODIES = [nested(40), nested(2_500), nested(5_000), nested(2_000, '{"a":', "}").replace(/:}/, ":1}")];
// Cookies with a malformed % escape once threw a URIError (500) before any route logic.
const BAD_COOKIES = ["x=100%", "ff_browser=%E0%A4%A", "a=%zz; ff_browser=%"];

/** The one-click unsubscribe takes a form (RFC 8058), not JSON, with its token in the query. */
function unsubscribeRequests(): fc.Arbitrary<Sent> {
  return fc.record({
    method: fc.oneof(
      { weight: 4, arbitrary: fc.constant<Method>("POST") },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    raw: fc.oneof(
      { weight: 4, arbitrary: fc.constant("List-Unsubscribe=One-Click") },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "List-Unsubscribe=One-Click&via=page",
          "List-Unsubscribe=Two-Clicks",
          "List-Unsubscribe=One-Click&via=%00",
          "",
          "%",
          "List-Unsubscribe=%ED%A0%80",
          "--x\r\nContent-Disposition: form-data\r\n\r\n",
          "x".repeat(10_000),
        ),
      },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
    ),
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant("application/x-www-form-urlencoded") },
      {
        weight: 1,
        arbitrary: fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=x", "application/json", ""),
      },
    ),
    cookie: fc.constantFrom("none", ...BAD_COOKIES),
    query: fc.oneof(
      { weight: 4, arbitrary: fc.constant(null).map(() => `?token=${known.unsubscribeToken}`) },
      {
        weight: 1,
        arbitrary: fc.constantFrom("", "?token=", "?token=%00", "?token=a.b.c", `?token=${"x".repeat(3000)}`),
      },
    ),
  });
}

function requests(path: ApiPath): fc.Arbitrary<Sent> {
  if (path === "/api/unsubscribe") return unsubscribeRequests();
  const served = ROUTE_METHODS[path] as readonly string[];
  const fields = (FIELDS as Partial<Record<ApiPath, Record<string, fc.Arbitrary<unknown>>>>)[path];
  const raw = fc.oneof(
    {
      weight: fields ? 6 : 0,
      arbitrary: fields ? hostileBody(fields).map((b) => JSON.stringify(b)) : fc.constant("{}"),
    },
    // Every field near-valid: these are the bodies that get past the schema into the handler.
    { weight: fields ? 3 : 0, arbitrary: fields ? fc.record(fields).map((b) => JSON.stringify(b)) : fc.constant("{}") },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"\\u0000":1}', "", "{", "[]", "1e999"),
    },
    { weight: 1, arbitrary: fc.constantFrom(...DEEP_BODIES) },
  );
  const method = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...(served as Method[])) },
    { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
  );
  return fc.record({
    method,
    raw,
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant("application/json") },
      { weight: 1, arbitrary: fc.constantFrom("text/plain", "", "application/json; charset=latin1") },
    ),
    cookie: fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("none", "known") },
      { weight: 1, arbitrary: fc.constantFrom(...BAD_COOKIES) },
    ),
    query: fc.constantFrom("", "?x=\u0000", "?productId=%00", "?a=%ED%A0%80"),
  });
}

function build(path: ApiPath, sent: Sent): Request {
  const headers: Record<string, string> = { ...peerHeader(nextPeer()) };
  if (sent.contentType) headers["content-type"] = sent.contentType;
  if (sent.cookie === "known") headers.cookie = known.cookie;
  else if (sent.cookie !== "none") headers.cookie = sent.cookie;
  const hasBody = sent.method !== "GET" && sent.method !== "HEAD";
  return new Request(`http://localhost:3000${path}${sent.query}`, {
    method: sent.method,
    headers,
    ...(hasBody ? { body: sent.raw } : {}),
  });
}

const modules = new Map<ApiPath, RouteModule>();
const IMPORTS: Record<ApiPath, () => Promise<RouteModule>> = {
  "/api/admin/setup": () => import("@/app/api/admin/setup/route"),
  "/api/admin/privacy/apply": () => import("@/app/api/admin/privacy/apply/route"),
  "/api/admin/privacy/complete": () => import("@/app/api/admin/privacy/complete/route"),
  "/api/admin/privacy/erase": () => import("@/app/api/admin/privacy/erase/route"),
  "/api/admin/leads/note": () => import("@/app/api/admin/leads/note/route"),
  "/api/admin/leads/tags": () => import("@/app/api/admin/leads/tags/route"),
  "/api/admin/leads/resend-welcome": () => import("@/app/api/admin/leads/resend-welcome/route"),
  "/api/admin/leads/erase": () => import("@/app/api/admin/leads/erase/route"),
  "/api/admin/leads/flag": () => import("@/app/api/admin/leads/flag/route"),
  "/api/admin/orders/flag": () => import("@/app/api/admin/orders/flag/route"),
  "/api/admin/settings/time-zone": () => import("@/app/api/admin/settings/time-zone/route"),
  "/api/admin/privacy/export": () => import("@/app/api/admin/privacy/export/route"),
  "/api/admin/orders/refund": () => import("@/app/api/admin/orders/refund/route"),
  "/api/admin/orders/cancel-subscription": () => import("@/app/api/admin/orders/cancel-subscription/route"),
  "/api/admin/demo-clock": () => import("@/app/api/admin/demo-clock/route"),
  "/api/admin/orders/seats": () => import("@/app/api/admin/orders/seats/route"),
  "/api/admin/leads/export": () => import("@/app/api/admin/leads/export/route"),
  "/api/admin/orders/export": () => import("@/app/api/admin/orders/export/route"),
  "/api/admin/operators": () => import("@/app/api/admin/operators/route"),
  "/api/admin/operators/setup-link": () => import("@/app/api/admin/operators/setup-link/route"),
  "/api/admin/operators/remove": () => import("@/app/api/admin/operators/remove/route"),
  "/api/admin/operators/role": () => import("@/app/api/admin/operators/role/route"),
  "/api/admin/experiments": () => import("@/app/api/admin/experiments/route"),
  "/api/admin/broadcasts": () => import("@/app/api/admin/broadcasts/route"),
  "/api/admin/broadcasts/audience": () => import("@/app/api/admin/broadcasts/audience/route"),
  "/api/admin/broadcasts/schedule": () => import("@/app/api/admin/broadcasts/schedule/route"),
  "/api/admin/broadcasts/cancel": () => import("@/app/api/admin/broadcasts/cancel/route"),
  "/api/admin/experiments/start": () => import("@/app/api/admin/experiments/start/route"),
  "/api/admin/experiments/stop": () => import("@/app/api/admin/experiments/stop/route"),
  "/api/admin/experiments/update": () => import("@/app/api/admin/experiments/update/route"),
  "/api/admin/experiments/delete": () => import("@/app/api/admin/experiments/delete/route"),
  "/api/admin/catalog/prices": () => import("@/app/api/admin/catalog/prices/route"),
  "/api/admin/catalog/bumps": () => import("@/app/api/admin/catalog/bumps/route"),
  "/api/admin/sequences/steps": () => import("@/app/api/admin/sequences/steps/route"),
  "/api/admin/sequences/active": () => import("@/app/api/admin/sequences/active/route"),
  "/api/admin/email-composer/preview": () => import("@/app/api/admin/email-composer/preview/route"),
  "/api/admin/email-composer/test-send": () => import("@/app/api/admin/email-composer/test-send/route"),
  "/api/admin/catalog/coupons": () => import("@/app/api/admin/catalog/coupons/route"),
  "/api/admin/catalog/coupons/deactivate": () => import("@/app/api/admin/catalog/coupons/deactivate/route"),
  "/api/admin/catalog/offers": () => import("@/app/api/admin/catalog/offers/route"),
  "/api/next-offer": () => import("@/app/api/next-offer/route"),
  "/api/next-offer/accept": () => import("@/app/api/next-offer/accept/route"),
  "/api/next-offer/decline": () => import("@/app/api/next-offer/decline/route"),
  "/api/booking": () => import("@/app/api/booking/route"),
  "/api/booking/cancel": () => import("@/app/api/booking/cancel/route"),
  "/api/confirm-email": () => import("@/app/api/confirm-email/route"),
  "/api/privacy-request/verify": () => import("@/app/api/privacy-request/verify/route"),
  "/api/billing/cancellation": () => import("@/app/api/billing/cancellation/route"),
  "/api/billing/card": () => import("@/app/api/billing/card/route"),
  "/api/billing/card-link": () => import("@/app/api/billing/card-link/route"),
  "/api/billing/card-link-setup": () => import("@/app/api/billing/card-link-setup/route"),
  "/api/billing/card-setup": () => import("@/app/api/billing/card-setup/route"),
  "/api/billing/seats": () => import("@/app/api/billing/seats/route"),
  "/api/billing/seats/preview": () => import("@/app/api/billing/seats/preview/route"),
  "/api/billing/link": () => import("@/app/api/billing/link/route"),
  "/api/billing/sign-in": () => import("@/app/api/billing/sign-in/route"),
  "/api/billing/sign-out": () => import("@/app/api/billing/sign-out/route"),
  "/api/booking/move": () => import("@/app/api/booking/move/route"),
  "/api/booking/slots": () => import("@/app/api/booking/slots/route"),
  "/api/create-payment-intent": () => import("@/app/api/create-payment-intent/route"),
  "/api/demo-payments/confirm": () => import("@/app/api/demo-payments/confirm/route"),
  "/api/health": () => import("@/app/api/health/route"),
  "/api/offer-view": () => import("@/app/api/offer-view/route"),
  "/api/payment-status": () => import("@/app/api/payment-status/route"),
  "/api/payment-success": () => import("@/app/api/payment-success/route"),
  "/api/payment-success-metadata": () => import("@/app/api/payment-success-metadata/route"),
  "/api/phone-consent": () => import("@/app/api/phone-consent/route"),
  "/api/privacy-request": () => import("@/app/api/privacy-request/route"),
  "/api/products": () => import("@/app/api/products/route"),
  "/api/register": () => import("@/app/api/register/route"),
  "/api/scheduled-call": () => import("@/app/api/scheduled-call/route"),
  "/api/stripe/webhook": () => import("@/app/api/stripe/webhook/route"),
  "/api/resend/webhook": () => import("@/app/api/resend/webhook/route"),
  "/api/survey": () => import("@/app/api/survey/route"),
  "/api/track-action": () => import("@/app/api/track-action/route"),
  "/api/update-subscription": () => import("@/app/api/update-subscription/route"),
  "/api/unsubscribe": () => import("@/app/api/unsubscribe/route"),
};

beforeAll(async () => {
  for (const path of Object.keys(ROUTE_METHODS) as ApiPath[]) modules.set(path, await IMPORTS[path]());
  // A registered visitor and a demo intent, so near-valid bodies reach the handlers' own logic.
  const register = modules.get("/api/register")!.POST!;
  const registered = await register(
    new Request("http://localhost:3000/api/register", {
      method: "POST",
      headers: { "content-type": "application/json", ...peerHeader(nextPeer()) },
      body: JSON.stringify({
        contactId: known.contactId,
        name: "Fuzz Visitor",
        email: `fuzz-${known.contactId}@example.com`,
      }),
    }),
  );
  // The near-valid values below rely on this setup: a failure here would make every request a
  // 400/404 and the fuzz pass without reaching any handler's logic.
  expect(registered.status).toBe(200);
  known.cookie = (registered.headers.get("set-cookie") ?? "").split(";")[0]!;
  expect(known.cookie).toMatch(/^ff_browser=/);
  const intent = await modules.get("/api/create-payment-intent")!.POST!(
    new Request("http://localhost:3000/api/create-payment-intent", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: known.cookie, ...peerHeader(nextPeer()) },
      body: JSON.stringify({
        contactId: known.contactId,
        email: `fuzz-${known.contactId}@example.com`,
        name: "Fuzz Visitor",
        productId: "fast-forward-book",
        quantity: 1,
      }),
    }),
  );
  expect(intent.status).toBe(200);
  const body = (await intent.json()) as { clientSecret: string; paymentIntentId: string; transactionId: string };
  expect(body.clientSecret && body.paymentIntentId && body.transactionId).toBeTruthy();
  Object.assign(known, {
    clientSecret: body.clientSecret,
    paymentIntentId: body.paymentIntentId,
    transactionId: body.transactionId,
  });
  // The built-in calendar: the known visitor gives phone consent (so its bookings get past the
  // consent rule), and another visitor's booking supplies a manage-link token.
  const slots = await modules.get("/api/booking/slots")!.GET!(new Request("http://localhost:3000/api/booking/slots"));
  expect(slots.status).toBe(200);
  known.slotStarts = ((await slots.json()) as { slots: { start: string }[] }).slots.map((s) => s.start);
  expect(known.slotStarts.length).toBeGreaterThan(10);
  const consent = await modules.get("/api/phone-consent")!.POST!(
    new Request("http://localhost:3000/api/phone-consent", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: known.cookie, ...peerHeader(nextPeer()) },
      body: JSON.stringify({ contactId: known.contactId, phone: "+1 415 555 0100", consent: true }),
    }),
  );
  expect(consent.status).toBe(201);
  known.manageToken = await bookedManageToken(known.slotStarts.at(-1)!);
  known.unsubscribeToken = await signUnsubscribeToken(`fuzz-${known.contactId}@example.com`);
});

/** Books `start` for a new visitor (consent included) and returns the manage token from its e-mail. */
async function bookedManageToken(start: string): Promise<string> {
  const visitor = await registeredVisitor("Fuzz Booker");
  const post = (path: ApiPath, body: unknown) =>
    modules.get(path)!.POST!(
      new Request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: visitor.cookie, ...peerHeader(nextPeer()) },
        body: JSON.stringify(body),
      }),
    );
  expect(
    (await post("/api/phone-consent", { contactId: visitor.contactId, phone: "+1 415 555 0101", consent: true }))
      .status,
  ).toBe(201);
  const booked = await post("/api/booking", { contactId: visitor.contactId, start, userTimezone: "UTC" });
  expect(booked.status).toBe(201);
  const [mail] = await outboxMails({ template: "booking-confirmed", recipient: visitor.email });
  const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
  expect(token).toBeTruthy();
  return token ?? "";
}

afterAll(() => {
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(`[api-fuzz] ${tally.requests} requests, ${tally.fiveHundreds} answers ≥ 500 (${statuses.join(", ")})`);
});

/** Statuses the shared gates answer with: 400 (body/schema), 403, 405, 413, 415, 429. */
const GATE_STATUSES = new Set([400, 403, 405, 413, 415, 429]);
// Observed 10–130 per route; 5 leaves room for the random seed while still catching a vacuous run.
const MIN_REACHED = 5;

// Console APIs behind a session answer 401 to everything here; tests/integration/admin/
// admin-api-fuzz.test.ts fuzzes them signed in. /api/admin/setup is public (the link is the key).
const SESSION_GUARDED = (path: string) => path.startsWith("/api/admin/") && path !== "/api/admin/setup";

describe.each((Object.keys(ROUTE_METHODS) as ApiPath[]).filter((path) => !SESSION_GUARDED(path)))(
  "fuzzing %s",
  (path) => {
    it("never answers ≥ 500; errors carry the error body, 405s carry Allow", async () => {
      const served = ROUTE_METHODS[path] as readonly string[];
      // Answers from past the shared gates (origin, rate limit, content type, size, JSON, schema):
      // the route's own logic ran. Without enough of them the property would hold vacuously.
      let reached = 0;
      let runs = 0;
      // A route with many fields lets few random bodies through; it gets more rounds, not a pass.
      for (let round = 0; round < 4 && reached < MIN_REACHED; round += 1) {
        runs += 150;
        await fc.assert(
          fc.asyncProperty(requests(path), async (sent) => {
            const response = await answerRoute(modules.get(path)!, build(path, sent));
            tally.requests += 1;
            tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
            if (response.status >= 500) tally.fiveHundreds += 1;
            expect(response.status).toBeLessThan(500);
            // HEAD on a GET route runs GET, as in Next.js.
            const isServed = served.includes(sent.method) || (sent.method === "HEAD" && served.includes("GET"));
            if (isServed && !GATE_STATUSES.has(response.status)) reached += 1;
            if (!isServed) {
              expect(response.headers.get("allow")).toContain(served[0]);
              if (sent.method === "OPTIONS") {
                expect(response.status).toBe(204);
                return;
              }
              expect(response.status).toBe(405);
            }
            if (response.status >= 400) {
              const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
              expect(typeof body.error?.code).toBe("string");
              expect(typeof body.error?.message).toBe("string");
            }
          }),
          { numRuns: 150 },
        );
      }
      console.log(`[api-fuzz] ${path}: ${reached} of ${runs} answers came from past the shared gates`);
      expect(reached).toBeGreaterThanOrEqual(MIN_REACHED);
    }, 240_000);
  },
);
