import { randomUUID } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { suppressAddress } from "@/lib/platform/server/mail/suppression-list";
import { getDb } from "@/lib/platform/server/db";

// Hand-made leads in June 2033 for the leads list, the lead
// page and the CSV exports (console-leads.test.ts counts its expectations from this file).
//
//   lead  created (UTC)        first touch      latest survey                 orders
//   L1    2033-06-01 10:00     google/summer    BUSINESS_OWNER, qualified     team seats ×3 SUCCEEDED (subscription active)
//   L2    2033-06-02 10:00     (none)           NON_OWNER, not qualified      —
//   L3    2033-06-03 10:00     facebook/promo   —                             —   (phone consent, e-mail, suppressed, call)
//   L4    2033-06-05 23:59:59  google/summer    BUSINESS_OWNER, not qualified book REFUNDED
//   L5    2033-07-01 00:00     google/summer    —                             —   (outside June)
//
// L1 answered twice: first NON_OWNER not qualified, then BUSINESS_OWNER qualified (the latest counts).
// L2's name starts with "=", a spreadsheet formula, for the export's escaping.
// Events: L1's session 3, L3's two sessions 2 + 1; 6 in all.

export const JUNE_2033 = { from: "2033-06-01", to: "2033-06-30" };

export type SeededLeads = {
  tag: string;
  ids: Record<"L1" | "L2" | "L3" | "L4" | "L5", string>;
  emails: Record<string, string>;
};

export async function seedLeads2033(): Promise<SeededLeads> {
  const db = getDb();
  const tag = randomUUID().slice(0, 8);
  const ids = { L1: randomUUID(), L2: randomUUID(), L3: randomUUID(), L4: randomUUID(), L5: randomUUID() };
  const emails: Record<string, string> = {};
  const lead = async (key: keyof typeof ids, name: string, createdAt: string, first: [string, string]) => {
    emails[key] = `lead-${key.toLowerCase()}-${tag}@example.test`;
    await db.prospect.create({
      data: {
        id: ids[key],
        email: emails[key],
        name,
        firstName: name.split(" ")[0] ?? name,
        lastName: name.split(" ").slice(1).join(" "),
        firstUtmSource: first[0],
        firstUtmCampaign: first[1],
        lastUtmSource: first[0],
        lastUtmCampaign: first[1],
        createdAt: new Date(createdAt),
      },
    });
  };
  await lead("L1", `Zed Alpha ${tag}`, "2033-06-01T10:00:00Z", ["google", "summer"]);
  await lead("L2", `=1+2 Beatrice ${tag}`, "2033-06-02T10:00:00Z", ["", ""]);
  await lead("L3", `Carl Under_score% ${tag}`, "2033-06-03T10:00:00Z", ["facebook", "promo"]);
  await lead("L4", `Dora Delta ${tag}`, "2033-06-05T23:59:59Z", ["google", "summer"]);
  await lead("L5", `Eve Late ${tag}`, "2033-07-01T00:00:00Z", ["google", "summer"]);

  const session = async (key: keyof typeof ids, n: number, startedAt: string, events: string[]) => {
    const id = `lead33-${tag}-${key}-${n}`;
    await db.funnelSession.create({
      data: { id, browserId: `b-${id}`, prospectId: ids[key], startedAt: new Date(startedAt) },
    });
    const start = new Date(startedAt).getTime();
    const rows: Prisma.FunnelEventCreateManyInput[] = events.map((action, i) => ({
      sessionId: id,
      step: i + 1,
      action,
      data: { page: "/", note: i === 0 ? "@first" : "later" },
      clientTimestamp: new Date(start + i * 1000),
      receivedAt: new Date(start + i * 1000),
    }));
    await db.funnelEvent.createMany({ data: rows });
    return id;
  };
  const s1 = await session("L1", 1, "2033-06-01T09:59:00Z", ["page_load", "button_click", "form_submit"]);
  const s3 = await session("L3", 1, "2033-06-03T09:59:00Z", ["page_load", "form_submit"]);
  await session("L3", 2, "2033-06-04T09:00:00Z", ["page_load"]);
  const s2 = `lead33-${tag}-L2-1`;
  await db.funnelSession.create({
    data: { id: s2, browserId: `b-${s2}`, prospectId: ids.L2, startedAt: new Date("2033-06-02T09:59:00Z") },
  });
  const s4 = `lead33-${tag}-L4-1`;
  await db.funnelSession.create({
    data: { id: s4, browserId: `b-${s4}`, prospectId: ids.L4, startedAt: new Date("2033-06-05T23:58:00Z") },
  });

  const survey = (
    sessionId: string,
    key: keyof typeof ids,
    track: "BUSINESS_OWNER" | "NON_OWNER",
    qualified: boolean,
    at: string,
  ) =>
    db.surveyResponse.create({
      data: {
        sessionId,
        prospectId: ids[key],
        track,
        qualified,
        ruleVersion: "test",
        industry: "Retail",
        createdAt: new Date(at),
      },
    });
  await survey(s1, "L1", "NON_OWNER", false, "2033-06-01T10:01:00Z");
  await survey(s1, "L1", "BUSINESS_OWNER", true, "2033-06-01T10:05:00Z");
  await survey(s2, "L2", "NON_OWNER", false, "2033-06-02T10:01:00Z");
  await survey(s4, "L4", "BUSINESS_OWNER", false, "2033-06-05T23:59:59.500Z");

  const order = (
    key: keyof typeof ids,
    contactId: string,
    productId: string,
    quantity: number,
    unit: number,
    status: "SUCCEEDED" | "REFUNDED",
    at: string,
  ) =>
    db.order.create({
      data: {
        contactId,
        prospectId: ids[key],
        email: emails[key] ?? "",
        name: "Buyer",
        productId,
        productName: `Product ${productId}`,
        isSubscription: productId.startsWith("team"),
        quantity,
        unitPrice: unit,
        totalAmount: unit * quantity,
        status,
        browserId: `b-${contactId}`,
        gateway: "demo",
        idempotencyKey: `lead33-${tag}-${key}-${productId}`,
        createdAt: new Date(at),
      },
    });
  const teamOrder = await order("L1", s1, "team-training-seat", 3, 50_000, "SUCCEEDED", "2033-06-01T10:10:00Z");
  await db.subscription.create({
    data: { orderId: teamOrder.id, providerSubscriptionId: `sub_lead33_${tag}`, quantity: 3, status: "active" },
  });
  await order("L4", s4, "fast-forward-book", 1, 700, "REFUNDED", "2033-06-06T00:10:00Z");

  await db.phoneConsent.create({
    data: {
      sessionId: s3,
      prospectId: ids.L3,
      phoneE164: "+14155550142",
      consentText: "I agree to be called about my order.",
      consentVersion: "sha256:test-version",
      pageUrl: "https://example.test/offer",
      ip: "203.0.113.7",
      userAgent: "TestBrowser/1.0",
      createdAt: new Date("2033-06-03T10:02:00Z"),
    },
  });
  await db.scheduledCall.create({
    data: {
      sessionId: s3,
      prospectId: ids.L3,
      eventId: `evt-lead33-${tag}`,
      scheduledTime: new Date("2033-06-10T15:00:00Z"),
      eventType: "strategy-call",
      userTimezone: "America/New_York",
      createdAt: new Date("2033-06-03T10:03:00Z"),
    },
  });
  await db.outgoingEmail.create({
    data: {
      template: "welcome",
      recipient: emails.L3 ?? "",
      subject: "Your copy of Fast Forward",
      html: "<p>hi</p>",
      text: "hi",
      status: "SENT",
      prospectId: ids.L3,
      createdAt: new Date("2033-06-03T10:00:05Z"),
      sentAt: new Date("2033-06-03T10:00:07Z"),
    },
  });
  await suppressAddress(emails.L3 ?? "", "MANUAL");
  return { tag, ids, emails };
}
