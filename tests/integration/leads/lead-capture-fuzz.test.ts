import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/register/route";
import { POST as survey } from "@/app/api/survey/route";
import { POST as trackAction } from "@/app/api/track-action/route";
import { getDb } from "@/lib/platform/server/db";
import {
  AI_EXPERIENCE_OPTIONS,
  INVESTMENT_OPTIONS,
  MOTIVATION_OPTIONS,
  READINESS_OPTIONS,
  REVENUE_OPTIONS,
} from "@/lib/leads/shared/survey-questions";
import { FUNNEL_ACTIONS, stepOf } from "@/lib/leads/shared/event-catalog";
import { jsonRequest } from "@/tests/support/http";
import { SAMPLE_DATA } from "@/tests/support/event-samples";

// Property: whatever JSON (or non-JSON) arrives, no route answers 5xx, and a refused request
// writes no row. Ids come from a pool unique to this file, so rows can be attributed even while
// other test files write to the same database.

type Route = (request: Request) => Promise<Response>;

const pool = Array.from({ length: 4 }, () => randomUUID());
const emails = pool.map((id) => `fuzz-${id}@example.com`);

const json = fc.jsonValue({ maxDepth: 3 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: json });
const id = maybe(fc.oneof(fc.constantFrom(...pool), fc.string({ maxLength: 80 })));
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("", " ", "Ada Lovelace", "x".repeat(300)));
const extraKey = fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), json), { nil: undefined });

function withExtra(arb: fc.Arbitrary<Record<string, unknown>>) {
  return fc
    .tuple(arb, extraKey)
    .map(([body, extra]) => (extra && !(extra[0] in body) ? { ...body, [extra[0]]: extra[1] } : body));
}

const registerBody = withExtra(
  fc.record(
    {
      contactId: id,
      name: maybe(text),
      email: maybe(fc.oneof(fc.constantFrom(...emails), fc.string({ maxLength: 40 }), fc.constant("no-at-sign"))),
      utm_source: maybe(text),
      utm_campaign: maybe(text),
      gpc: maybe(fc.boolean()),
    },
    { requiredKeys: [] },
  ),
);

const ownerAnswers = fc.record(
  {
    readyToImplement: maybe(fc.constantFrom(...READINESS_OPTIONS, "Soon")),
    hasBudget: maybe(fc.constantFrom("Yes", "No", "yes")),
    willSaveMoney: maybe(fc.constantFrom("Yes", "No")),
    industry: maybe(text),
    revenue: maybe(fc.constantFrom(...REVENUE_OPTIONS, "$1M")),
  },
  { requiredKeys: [] },
);
const nonOwnerAnswers = fc.record(
  {
    aiExperience: maybe(fc.constantFrom(...AI_EXPERIENCE_OPTIONS)),
    businessMotivation: maybe(fc.constantFrom(...MOTIVATION_OPTIONS)),
    investmentPlan: maybe(fc.constantFrom(...INVESTMENT_OPTIONS, "$1")),
    businessVision: maybe(text),
  },
  { requiredKeys: [] },
);
const surveyBody = withExtra(
  fc.record(
    {
      contactId: id,
      hasBusiness: maybe(fc.constantFrom("Yes", "No", "")),
      businessOwnerResponses: maybe(ownerAnswers),
      nonBusinessOwnerResponses: maybe(nonOwnerAnswers),
      qualified: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
);

const trackBody = withExtra(
  fc.record(
    {
      sessionId: id,
      step: maybe(fc.oneof(fc.integer({ min: -2, max: 9 }), fc.double())),
      action: maybe(fc.oneof(fc.constantFrom("page_load", "button_click"), fc.string({ maxLength: 70 }))),
      data: maybe(fc.dictionary(fc.string({ maxLength: 8 }), json, { maxKeys: 5 })),
      timestamp: maybe(
        fc.oneof(
          fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string({ maxLength: 30 }),
        ),
      ),
    },
    { requiredKeys: [] },
  ),
);

// Bodies that must be accepted, so every run also proves the route still works.
const freshId = fc.uuid({ version: 4 });
const validRegister = fc.record({
  contactId: freshId,
  name: fc.constantFrom("Ada", "Ada Lovelace", " Grace  Hopper "),
  email: freshId.map((uuid) => `fuzz-${uuid}@example.com`),
});
const validSurvey = fc.oneof(
  fc.record({
    contactId: freshId,
    hasBusiness: fc.constant("Yes"),
    businessOwnerResponses: fc.record({
      readyToImplement: fc.constantFrom(...READINESS_OPTIONS),
      hasBudget: fc.constantFrom("Yes", "No"),
      willSaveMoney: fc.constantFrom("Yes", "No"),
      industry: fc.string({ maxLength: 40 }),
      revenue: fc.constantFrom(...REVENUE_OPTIONS),
    }),
  }),
  fc.record({
    contactId: freshId,
    hasBusiness: fc.constant("No"),
    nonBusinessOwnerResponses: fc.record({
      aiExperience: fc.constantFrom(...AI_EXPERIENCE_OPTIONS),
      businessMotivation: fc.constantFrom(...MOTIVATION_OPTIONS),
      investmentPlan: fc.constantFrom(...INVESTMENT_OPTIONS),
      businessVision: fc.string({ maxLength: 40 }),
    }),
  }),
);
const validTrack = fc
  .record({
    sessionId: freshId,
    action: fc.constantFrom(...FUNNEL_ACTIONS),
    timestamp: fc.constant(new Date().toISOString()),
  })
  // The action's step and catalog data (the server refuses any other fields).
  .map((event) => ({ ...event, step: stepOf(event.action), data: SAMPLE_DATA[event.action] }));

function stringsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") {
    into.add(value);
    into.add(value.trim().toLowerCase());
  } else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, into));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => stringsIn(v, into));
  return into;
}

async function rowsFor(values: Set<string>): Promise<number[]> {
  const list = [...values];
  const db = getDb();
  return Promise.all([
    db.funnelSession.count({ where: { id: { in: list } } }),
    db.prospect.count({ where: { email: { in: list } } }),
    db.outgoingEmail.count({ where: { recipient: { in: list } } }),
    db.surveyResponse.count({ where: { sessionId: { in: list } } }),
    db.funnelEvent.count({ where: { sessionId: { in: list } } }),
  ]);
}

// Random JSON of any shape, a structured near-valid body, or bytes that are not JSON at all.
function bodies(structured: fc.Arbitrary<Record<string, unknown>>, valid: fc.Arbitrary<Record<string, unknown>>) {
  return fc.oneof(
    { weight: 1, arbitrary: valid.map((value) => ({ value: value, raw: undefined as string | undefined })) },
    { weight: 1, arbitrary: json.map((value) => ({ value, raw: undefined as string | undefined })) },
    { weight: 4, arbitrary: structured.map((value) => ({ value: value, raw: undefined })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((raw) => ({ value: raw, raw })) },
  );
}

describe.each([
  ["/api/register", register, bodies(registerBody, validRegister)],
  ["/api/survey", survey, bodies(surveyBody, validSurvey)],
  ["/api/track-action", trackAction, bodies(trackBody, validTrack)],
] as const)("fuzzing %s", (path, route: Route, arbitrary) => {
  it("never answers 5xx and writes nothing for refused input", async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ value, raw }) => {
        const strings = stringsIn(value);
        const before = await rowsFor(strings);
        const response = await route(jsonRequest(path, value, { raw }));
        seen.add(response.status);
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) {
          const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
          expect(typeof body.error?.code).toBe("string");
          expect(typeof body.error?.message).toBe("string");
          expect(await rowsFor(strings)).toEqual(before);
        }
      }),
      { numRuns: 150 },
    );
    // The generators reach both sides: refusals and accepted bodies.
    expect([...seen].some((s) => s >= 400)).toBe(true);
    expect([...seen].some((s) => s < 300)).toBe(true);
  }, 120_000);
});
