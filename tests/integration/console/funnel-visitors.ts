import { randomUUID } from "node:crypto";
import { POST as trackAction } from "@/app/api/track-action/route";
import { POST as register } from "@/app/api/register/route";
import { POST as survey } from "@/app/api/survey/route";
import { Browser } from "../payments/helpers";
import { pageViewBody } from "@/tests/support/track-event";
import { OWNER_QUALIFYING } from "@/tests/support/visitor";

// Visitors walking the funnel through the real routes (tracking, opt-in, survey), for the overview
// funnel's tests; each step fails loudly if its route refuses.

export type Visitor = { browser: Browser; contactId: string };

export async function pageView(page: string, source: string): Promise<Visitor> {
  const visitor = { browser: new Browser(), contactId: randomUUID() };
  const body = pageViewBody(visitor.contactId, page, { utm_source: source });
  const response = await trackAction(visitor.browser.request("/api/track-action", body));
  if (response.status !== 202) throw new Error(`page view failed: ${response.status}`);
  visitor.browser.cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  return visitor;
}

export async function optIn(visitor: Visitor, source: string): Promise<void> {
  const body = { contactId: visitor.contactId, name: "Ada Lovelace", email: `${visitor.contactId}@example.com` };
  const answer = await visitor.browser.call(register, "/api/register", { ...body, utm_source: source });
  if (answer.status !== 200) throw new Error(`register failed: ${answer.status}`);
}

export async function qualify(visitor: Visitor): Promise<void> {
  const body = { contactId: visitor.contactId, hasBusiness: "Yes", businessOwnerResponses: OWNER_QUALIFYING };
  const answer = await visitor.browser.call(survey, "/api/survey", body);
  if (answer.status !== 200) throw new Error(`survey failed: ${answer.status}`);
}

export async function surveyed(source: string): Promise<Visitor> {
  const visitor = await pageView("/", source);
  await optIn(visitor, source);
  await qualify(visitor);
  return visitor;
}
