import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { POST as survey } from "@/app/api/survey/route";
import { POST as unsubscribe } from "@/app/api/unsubscribe/route";
import { peerHeader, jsonRequest, nextPeer } from "./http";
import { NON_OWNER, OWNER_QUALIFYING, registeredVisitor } from "./visitor";
import { outboxMails } from "./outbox";

// Leads for the lifecycle tests, made through the funnel's routes, and what they do mid-sequence.

export type Track = "non-owner" | "owner" | "qualified-owner";

export type Lead = { prospectId: string; email: string; contactId: string };

/** Opts in and answers the survey on `track`. */
export async function leadOnTrack(track: Track, name: string): Promise<Lead> {
  const visitor = await registeredVisitor(name);
  const body =
    track === "non-owner"
      ? { contactId: visitor.contactId, hasBusiness: "No", nonBusinessOwnerResponses: NON_OWNER }
      : {
          contactId: visitor.contactId,
          hasBusiness: "Yes",
          businessOwnerResponses: track === "owner" ? { ...OWNER_QUALIFYING, hasBudget: "No" } : OWNER_QUALIFYING,
        };
  const response = await survey(jsonRequest("/api/survey", body, { cookie: visitor.cookie }));
  expect(response.status).toBe(200);
  expect(((await response.json()) as { qualified: boolean }).qualified).toBe(track === "qualified-owner");
  const prospect = await getDb().prospect.findUniqueOrThrow({ where: { email: visitor.email } });
  return { prospectId: prospect.id, email: visitor.email, contactId: visitor.contactId };
}

/** A paid order of `productCode`, as checkout leaves it. */
export async function recordPurchase(lead: Lead, productCode: string): Promise<void> {
  await getDb().order.create({
    data: {
      contactId: lead.contactId,
      prospectId: lead.prospectId,
      email: lead.email,
      name: "Reader",
      productId: productCode,
      productName: productCode,
      isSubscription: false,
      quantity: 1,
      unitPrice: 49_700,
      totalAmount: 49_700,
      status: "SUCCEEDED",
      browserId: randomUUID(),
      gateway: "demo",
      idempotencyKey: randomUUID(),
      fulfilledAt: new Date(),
    },
  });
}

/** A call booked through the booking widget, from a browser in `timeZone`. */
export async function recordScheduledCall(lead: Lead, timeZone: string): Promise<void> {
  await getDb().scheduledCall.create({
    data: {
      sessionId: lead.contactId,
      prospectId: lead.prospectId,
      eventId: randomUUID(),
      eventType: "invitee.created",
      scheduledTime: new Date(Date.now() + 3 * 86_400_000),
      userTimezone: timeZone,
    },
  });
}

/** The one-click unsubscribe a mail provider posts for the token in the lead's latest marketing e-mail. */
export async function unsubscribeFromLatest(lead: Lead): Promise<void> {
  const mails = await outboxMails({ recipient: lead.email, template: "sequence-step" });
  const header = mails.at(-1)?.headers["List-Unsubscribe"] ?? "";
  const url = /<(https?:\/\/[^>]+)>/.exec(header)?.[1];
  expect(url, header).toBeDefined();
  const token = new URL(url!).searchParams.get("token")!;
  const response = await unsubscribe(
    new Request(`http://localhost:3000/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...peerHeader(nextPeer()) },
      body: "List-Unsubscribe=One-Click",
    }),
  );
  expect(response.status).toBe(200);
}
