import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/register/route";
import { POST as survey } from "@/app/api/survey/route";
import { getDb } from "@/lib/platform/server/db";
import { RULE_VERSION } from "@/lib/leads/shared/qualification";
import { FREE_TEXT_MAX } from "@/lib/leads/shared/survey-questions";
import { SURVEY_BODY_MAX_BYTES } from "@/lib/leads/shared/survey-schema";
import { cookieFrom, errorOf, jsonRequest, peerHeader } from "@/tests/support/http";
import { newVisitor, NON_OWNER, OWNER_QUALIFYING, qualifyingOwnerSurvey } from "@/tests/support/visitor";

async function registered() {
  const visitor = newVisitor();
  const response = await register(jsonRequest("/api/register", { ...visitor, name: "Grace Hopper" }));
  expect(response.status).toBe(200);
  return { ...visitor, cookie: cookieFrom(response) };
}

describe("POST /api/survey", () => {
  it("qualifies a business owner on the server and stores every answer with the rule version", async () => {
    const visitor = await registered();
    const { contactId, email } = visitor;
    const response = await survey(qualifyingOwnerSurvey(visitor));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ qualified: true });

    const prospect = await getDb().prospect.findUniqueOrThrow({ where: { email } });
    const rows = await getDb().surveyResponse.findMany({ where: { sessionId: contactId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      prospectId: prospect.id,
      track: "BUSINESS_OWNER",
      ...OWNER_QUALIFYING,
      aiExperience: null,
      qualified: true,
      ruleVersion: RULE_VERSION,
    });
  });

  it("does not qualify an owner who fails one condition", async () => {
    const { contactId, cookie } = await registered();
    const response = await survey(
      jsonRequest(
        "/api/survey",
        {
          contactId,
          hasBusiness: "Yes",
          businessOwnerResponses: { ...OWNER_QUALIFYING, revenue: "Over $500 Million/year" },
        },
        { cookie },
      ),
    );
    expect(await response.json()).toEqual({ qualified: false });
  });

  it("never qualifies a non-owner and stores the non-owner answers", async () => {
    const { contactId, cookie } = await registered();
    const response = await survey(
      jsonRequest("/api/survey", { contactId, hasBusiness: "No", nonBusinessOwnerResponses: NON_OWNER }, { cookie }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ qualified: false });
    const row = await getDb().surveyResponse.findFirstOrThrow({ where: { sessionId: contactId } });
    expect(row).toMatchObject({ track: "NON_OWNER", ...NON_OWNER, readyToImplement: null, qualified: false });
  });

  it("accepts empty free-text answers", async () => {
    const { contactId, cookie } = await registered();
    const response = await survey(
      jsonRequest(
        "/api/survey",
        { contactId, hasBusiness: "No", nonBusinessOwnerResponses: { ...NON_OWNER, businessVision: "" } },
        { cookie },
      ),
    );
    expect(response.status).toBe(200);
  });

  it("still works when the registration never arrived (the session is bound here)", async () => {
    const { contactId } = newVisitor();
    const response = await survey(
      jsonRequest("/api/survey", { contactId, hasBusiness: "Yes", businessOwnerResponses: OWNER_QUALIFYING }),
    );
    expect(response.status).toBe(200);
    const session = await getDb().funnelSession.findUniqueOrThrow({ where: { id: contactId } });
    expect(session.prospectId).toBeNull();
  });

  it("refuses a session that belongs to another browser with 404 and stores nothing", async () => {
    const { contactId } = await registered();
    const response = await survey(
      jsonRequest("/api/survey", { contactId, hasBusiness: "No", nonBusinessOwnerResponses: NON_OWNER }),
    );
    expect(response.status).toBe(404);
    expect(await getDb().surveyResponse.count({ where: { sessionId: contactId } })).toBe(0);
  });

  it("marks the session as GPC opted out when the browser sends Sec-GPC: 1", async () => {
    const { contactId } = newVisitor();
    await survey(
      jsonRequest(
        "/api/survey",
        { contactId, hasBusiness: "No", nonBusinessOwnerResponses: NON_OWNER },
        { headers: { "sec-gpc": "1" } },
      ),
    );
    expect((await getDb().funnelSession.findUniqueOrThrow({ where: { id: contactId } })).gpcOptOut).toBe(true);
  });

  // The textarea stops at FREE_TEXT_MAX code units; whatever those units are, the body must fit.
  it.each([
    ["3-byte characters", "漢".repeat(FREE_TEXT_MAX)],
    ["4-byte characters (emoji, two code units each)", "🚀".repeat(FREE_TEXT_MAX / 2)],
    ["characters JSON escapes to six bytes", `a${"\u0001".repeat(FREE_TEXT_MAX - 2)}z`],
  ])("accepts and stores a maximal free-text answer of %s", async (_name, text) => {
    const { contactId, cookie } = await registered();
    const body = { contactId, hasBusiness: "Yes", businessOwnerResponses: { ...OWNER_QUALIFYING, industry: text } };
    expect(text).toHaveLength(FREE_TEXT_MAX);
    const response = await survey(jsonRequest("/api/survey", body, { cookie }));
    expect(response.status).toBe(200);
    const rows = await getDb().surveyResponse.findMany({ where: { sessionId: contactId } });
    expect(rows.map((row) => row.industry)).toEqual([text]);
  });

  it.each([
    [
      "the client's own qualified flag",
      { hasBusiness: "Yes", businessOwnerResponses: OWNER_QUALIFYING, qualified: true },
    ],
    ["owner answers under No", { hasBusiness: "No", businessOwnerResponses: OWNER_QUALIFYING }],
    ["non-owner answers under Yes", { hasBusiness: "Yes", nonBusinessOwnerResponses: NON_OWNER }],
    [
      "both answer sets",
      { hasBusiness: "Yes", businessOwnerResponses: OWNER_QUALIFYING, nonBusinessOwnerResponses: NON_OWNER },
    ],
    ["a missing answer set", { hasBusiness: "Yes" }],
    ["hasBusiness Maybe", { hasBusiness: "Maybe", businessOwnerResponses: OWNER_QUALIFYING }],
    [
      "an option the survey does not offer",
      { hasBusiness: "Yes", businessOwnerResponses: { ...OWNER_QUALIFYING, revenue: "$2M" } },
    ],
    ["a missing answer", { hasBusiness: "Yes", businessOwnerResponses: { ...OWNER_QUALIFYING, hasBudget: undefined } }],
    ["an unknown answer key", { hasBusiness: "No", nonBusinessOwnerResponses: { ...NON_OWNER, age: "40" } }],
    ["a number for an answer", { hasBusiness: "No", nonBusinessOwnerResponses: { ...NON_OWNER, businessVision: 5 } }],
    [
      "free text over 2000 characters",
      { hasBusiness: "No", nonBusinessOwnerResponses: { ...NON_OWNER, businessVision: "x".repeat(2001) } },
    ],
  ])("answers 400 for %s and stores nothing", async (_name, body) => {
    const { contactId } = newVisitor();
    const response = await survey(jsonRequest("/api/survey", { contactId, ...body }));
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("invalid_request");
    expect(await getDb().surveyResponse.count({ where: { sessionId: contactId } })).toBe(0);
    expect(await getDb().funnelSession.count({ where: { id: contactId } })).toBe(0);
  });

  it("answers 400 for a bad contactId, 415 for form posts, 413 for huge bodies, 403 cross-site", async () => {
    const bad = await survey(
      jsonRequest("/api/survey", { contactId: "../x", hasBusiness: "No", nonBusinessOwnerResponses: NON_OWNER }),
    );
    expect(bad.status).toBe(400);
    const form = await survey(
      jsonRequest("/api/survey", null, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        raw: "a=1",
      }),
    );
    expect(form.status).toBe(415);
    const huge = await survey(jsonRequest("/api/survey", { pad: "x".repeat(SURVEY_BODY_MAX_BYTES) }));
    expect(huge.status).toBe(413);
    const cross = await survey(jsonRequest("/api/survey", {}, { headers: { origin: "https://evil.example" } }));
    expect(cross.status).toBe(403);
  });

  it("rate-limits one client address", async () => {
    const headers = peerHeader("198.51.100.77");
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const { contactId } = newVisitor();
      const response = await survey(
        jsonRequest("/api/survey", { contactId, hasBusiness: "No", nonBusinessOwnerResponses: NON_OWNER }, { headers }),
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
