import { expect } from "vitest";
import { POST as phoneConsent } from "@/app/api/phone-consent/route";
import { GET as slotsRoute } from "@/app/api/booking/slots/route";
import { jsonRequest } from "./http";
import { outboxMails } from "./outbox";
import { registeredVisitor } from "./visitor";

// Visitors ready to book on the built-in calendar, the current free slots, and the e-mails a
// booking sends (the outbox row: text, and the .ics attached to it).

export type Visitor = Awaited<ReturnType<typeof registeredVisitor>>;

let phone = 1000;

export async function consentedVisitor(name = "Grace Hopper"): Promise<Visitor> {
  const visitor = await registeredVisitor(name);
  const response = await phoneConsent(
    jsonRequest(
      "/api/phone-consent",
      { contactId: visitor.contactId, phone: `+1 415 555 ${++phone}`, consent: true },
      { cookie: visitor.cookie },
    ),
  );
  expect(response.status).toBe(201);
  return visitor;
}

/** The visitor's POST /api/booking of the slot at `start`, from their browser. */
export function bookingRequest(
  visitor: { contactId: string; cookie: string },
  start: string,
  userTimezone: string,
  extra: Record<string, unknown> = {},
): Request {
  return jsonRequest(
    "/api/booking",
    { contactId: visitor.contactId, start, userTimezone, ...extra },
    { cookie: visitor.cookie },
  );
}

export async function freeSlotStarts(): Promise<string[]> {
  const response = await slotsRoute(new Request("http://localhost:3000/api/booking/slots"));
  expect(response.status).toBe(200);
  return ((await response.json()) as { slots: { start: string }[] }).slots.map((slot) => slot.start);
}

/** The n-th free slot from the middle of the list: other test files book from its ends. */
export async function freeSlot(n = 0): Promise<string> {
  const starts = await freeSlotStarts();
  const start = starts[50 + n];
  expect(start, "enough free slots").toBeDefined();
  return start ?? "";
}

export async function emailsTo(email: string) {
  return (await outboxMails({ recipient: email })).map((mail) => ({ ...mail, files: mail.attachments }));
}

export async function manageTokenOf(email: string): Promise<string> {
  const mails = await emailsTo(email);
  const token = /token=([A-Za-z0-9_-]{43})/.exec(
    mails.find((m) => m.template === "booking-confirmed")?.text ?? "",
  )?.[1];
  expect(token, "manage link in the confirmation").toBeDefined();
  return token ?? "";
}
