import { randomUUID } from "node:crypto";
import { POST as register } from "@/app/api/register/route";
import { cookieFrom, jsonRequest } from "./http";

// Visitors of the funnel for route tests: new ones, registered ones, and survey answers.

export function newVisitor(): { contactId: string; email: string } {
  const contactId = randomUUID();
  return { contactId, email: `visitor-${contactId}@example.com` };
}

/** Registers through the real route and keeps its cookie. */
export async function registeredVisitor(
  name = "Grace Hopper",
): Promise<{ contactId: string; cookie: string; email: string }> {
  const { contactId, email } = newVisitor();
  const response = await register(jsonRequest("/api/register", { contactId, name, email, utm_source: "newsletter" }));
  if (response.status !== 200) throw new Error(`register failed: ${response.status}`);
  return { contactId, cookie: cookieFrom(response), email };
}

export const OWNER_QUALIFYING = {
  readyToImplement: "This week.",
  hasBudget: "Yes",
  willSaveMoney: "Yes",
  industry: "Dental clinics",
  revenue: "$10 Million-$50 Million/year",
} as const;

/** The survey answered as a qualifying business owner, from the registered visitor's browser. */
export function qualifyingOwnerSurvey(visitor: { contactId: string; cookie: string }): Request {
  return jsonRequest(
    "/api/survey",
    { contactId: visitor.contactId, hasBusiness: "Yes", businessOwnerResponses: OWNER_QUALIFYING },
    { cookie: visitor.cookie },
  );
}

export const NON_OWNER = {
  aiExperience: "I've tried ChatGPT or similar tools.",
  businessMotivation: "Being my own boss.",
  investmentPlan: "$5,000-$15,000",
  businessVision: "A bakery that uses AI for ordering",
} as const;
