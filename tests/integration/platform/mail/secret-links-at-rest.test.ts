import { describe, expect, it } from "vitest";
import { POST as invitePost } from "@/app/api/admin/operators/route";
import { POST as linkPost } from "@/app/api/admin/operators/setup-link/route";
import { POST as book } from "@/app/api/booking/route";
import { POST as createIntent } from "@/app/api/create-payment-intent/route";
import { POST as paymentSuccess } from "@/app/api/payment-success/route";
import { verifyHandoffToken } from "@/lib/payments/server/handoff-token";
import { moveBooking } from "@/lib/booking/server/change-booking";
import { sendRecoveryEmails } from "@/lib/payments/server/checkout-recovery";
import { getDb } from "@/lib/platform/server/db";
import { QUEUES } from "@/lib/platform/shared/queues";
import { bookingRequest, consentedVisitor, emailsTo, freeSlot, manageTokenOf } from "@/tests/support/booking";
import { workOff } from "@/tests/support/jobs";
import { adminRequest, signedInOperator } from "@/tests/support/operator-session";
import { outboxMails } from "@/tests/support/outbox";
import { scanDatabase, scannedColumnCount } from "@/tests/support/scan-database";
import { Browser, buyer, createdIntent, paidDemoPurchase, type DemoIntent } from "../../payments/helpers";

// A database read or backup must open no setup, manage or resume link: after each e-mail is
// queued and again once delivered to the outbox, no text-like column of any table (the app's and
// the job queue's) holds the token, while the outbox still gives the link to whoever has the
// site secret.

const SCHEMAS = ["public", "pgboss"];

async function expectNowhereAtRest(token: string): Promise<void> {
  expect(await scanDatabase([token], SCHEMAS)).toEqual([]);
  await workOff(QUEUES.email);
  expect(await scanDatabase([token], SCHEMAS)).toEqual([]);
}

// Each case scans every text column of two schemas twice, on top of a whole funnel step.
describe("secret links at rest", { timeout: 90_000 }, () => {
  it("scans the app's and the queue's tables", async () => {
    expect(await scannedColumnCount(["pgboss"])).toBeGreaterThan(5);
    expect(await scannedColumnCount(["public"])).toBeGreaterThan(100);
  });

  it("an operator's setup link (invite and fresh link) is stored nowhere readable", async () => {
    const inviter = await signedInOperator();
    const email = `sealed-${Date.now().toString(36)}@example.com`;
    const invited = await invitePost(
      adminRequest("/api/admin/operators", { body: { email, name: "Ada" }, cookie: inviter.cookie }),
    );
    expect(invited.status).toBe(201);
    const { operatorId } = (await invited.json()) as { operatorId: string };
    const fresh = await linkPost(
      adminRequest("/api/admin/operators/setup-link", { body: { operatorId }, cookie: inviter.cookie }),
    );
    expect(fresh.status).toBe(200);

    const mails = await outboxMails({ recipient: email, template: "operator-setup-link" });
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const token = /\/admin\/setup\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      expect(token, "setup link in the opened e-mail").toBeDefined();
      await expectNowhereAtRest(token ?? "");
    }
    const [row] = await getDb().outgoingEmail.findMany({ where: { id: mails[1]!.id } });
    expect(row).toMatchObject({ status: "LOGGED", html: "", text: "", recipient: email });
  });

  it("a booking's manage link, in the e-mail and its .ics, is stored nowhere readable (booked and moved)", async () => {
    const visitor = await consentedVisitor();
    const [first, second] = [await freeSlot(40), await freeSlot(41)];
    expect((await book(bookingRequest(visitor, first, "UTC"))).status).toBe(201);
    const token = await manageTokenOf(visitor.email);
    const confirmed = (await emailsTo(visitor.email)).find((m) => m.template === "booking-confirmed");
    expect(confirmed?.files[0]?.content).toContain("manage");
    await expectNowhereAtRest(token);

    await moveBooking({ token, start: second, userTimezone: "UTC" });
    const moved = (await emailsTo(visitor.email)).find((m) => m.template === "booking-moved");
    expect(moved?.text).toContain(`token=${token}`);
    await expectNowhereAtRest(token);
  });

  it("a checkout-recovery resume link is stored nowhere readable", async () => {
    const now = new Date();
    const browser = new Browser();
    const created = await createdIntent<DemoIntent>(browser, createIntent, buyer("fast-forward-book"));
    const orderId = created.transactionId;
    await getDb().order.update({ where: { id: orderId }, data: { createdAt: new Date(now.getTime() - 61 * 60_000) } });
    expect(await sendRecoveryEmails(now)).toMatchObject({ sent: 1, errors: 0 });

    const [mail] = await outboxMails({ orderId, template: "checkout-recovery" });
    const token = /\/checkout\/resume\?token=([A-Za-z0-9._-]+)/.exec(mail?.html ?? "")?.[1];
    expect(token, "resume link in the opened e-mail").toBeDefined();
    await expectNowhereAtRest(token ?? "");
  });

  it("a paid order's contract-setup hand-off token is stored nowhere readable, and a reload gets the same one", async () => {
    const browser = new Browser();
    const input = buyer("fast-forward-book");
    const { intent, claim } = await paidDemoPurchase(browser, input);
    const first = await browser.call<{ token: string }>(paymentSuccess, "/api/payment-success", claim);
    expect((await verifyHandoffToken(first.body.token)).transactionId).toBe(intent.transactionId);
    await expectNowhereAtRest(first.body.token);
    const again = await browser.call<{ token: string }>(paymentSuccess, "/api/payment-success", claim);
    expect(again.body.token).toBe(first.body.token);
  });
});
