import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { POST as register } from "@/app/api/register/route";
import { POST as survey } from "@/app/api/survey/route";
import { POST as book } from "@/app/api/booking/route";
import { POST as phoneConsent } from "@/app/api/phone-consent/route";
import { POST as scheduledCall } from "@/app/api/scheduled-call/route";
import { POST as trackAction } from "@/app/api/track-action/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { billingSessionOf, verifyPrivacyRequestOf } from "@/tests/support/email-links";
import { POST as privacyRequest } from "@/app/api/privacy-request/route";
import { freeSlot } from "@/tests/support/booking";
import { jsonRequest } from "@/tests/support/http";
import { OWNER_QUALIFYING } from "@/tests/support/visitor";
import { Browser, paidDemoPurchase } from "@/tests/integration/payments/helpers";

// One person walked through the real funnel routes: a page view whose link carried their e-mail
// (mail tools put it in UTM values), the opt-in, a qualifying survey, phone consent, a built-in
// booking, a booking-widget report, a paid order, then a privacy request. Name, e-mail and phone
// are random, so a scan of the database for them finds this person's rows and nobody else's.

const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

export type SeededPerson = {
  contactId: string;
  cookie: string;
  email: string;
  name: string;
  lastName: string;
  /** As typed, and E.164 as stored. */
  phone: string;
  phoneE164: string;
  orderId: string;
  bookingId: string;
  requestId: string;
};

export async function seedPerson(requestType: string, slot: number): Promise<SeededPerson> {
  const contactId = randomUUID();
  const lastName = `Quist${letters(8)}`;
  const name = `Zelda ${lastName}`;
  const email = `erase-${letters(10)}@example.com`;
  const digits = String(1000 + Math.floor(Math.random() * 8999));
  const phone = `+1 415 555 ${digits}`;
  const phoneE164 = `+1415555${digits}`;

  const viewed = await trackAction(
    jsonRequest("/api/track-action", {
      sessionId: contactId,
      step: 1,
      action: "page_load",
      data: {
        page: "/",
        referrer: null,
        viewport: "mobile",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "launch",
        utm_term: email,
        utm_content: name,
      },
      timestamp: new Date().toISOString(),
    }),
  );
  expect(viewed.status).toBe(202);
  // The page view started the session in this browser, so later calls carry its cookie.
  const cookie = (viewed.headers.get("set-cookie") ?? "").split(";")[0]!;
  const registered = await register(
    jsonRequest(
      "/api/register",
      {
        contactId,
        name,
        email: email.toUpperCase(),
        utm_source: "newsletter",
        utm_term: email,
        utm_content: lastName,
      },
      { cookie },
    ),
  );
  expect(registered.status).toBe(200);
  const asked = await survey(
    jsonRequest("/api/survey", { contactId, hasBusiness: "Yes", businessOwnerResponses: OWNER_QUALIFYING }, { cookie }),
  );
  expect(asked.status).toBe(200);
  const consent = await phoneConsent(
    jsonRequest("/api/phone-consent", { contactId, phone, consent: true }, { cookie }),
  );
  expect(consent.status).toBe(201);
  const booked = await book(
    jsonRequest("/api/booking", { contactId, start: await freeSlot(slot), userTimezone: "Europe/Paris" }, { cookie }),
  );
  expect(booked.status).toBe(201);
  const { bookingId } = (await booked.json()) as { bookingId: string };
  const reported = await scheduledCall(
    jsonRequest(
      "/api/scheduled-call",
      {
        contactId,
        eventId: `evt-widget-${randomUUID()}`,
        scheduledTime: "2030-01-02T15:00:00.000Z",
        eventType: "Strategy call",
        userTimezone: "Europe/Paris",
      },
      { cookie },
    ),
  );
  expect(reported.status).toBeLessThan(300);

  const browser = new Browser();
  browser.cookie = cookie;
  const { claim } = await paidDemoPurchase(browser, {
    contactId,
    email,
    name,
    productId: "fast-forward-book",
    quantity: 1,
  });
  expect((await browser.call(paymentSuccess, "/api/payment-success", claim)).status).toBe(200);
  // The buyer signed in to the billing page once.
  await billingSessionOf(email);

  const asking = await privacyRequest(
    jsonRequest("/api/privacy-request", { name, email, requestType, details: `My number is ${phone}.` }),
  );
  expect(asking.status).toBe(201);
  const { requestId } = (await asking.json()) as { requestId: string };
  await verifyPrivacyRequestOf(email);
  return {
    contactId,
    cookie,
    email,
    name,
    lastName,
    phone,
    phoneE164,
    orderId: claim.transactionId,
    bookingId,
    requestId,
  };
}
