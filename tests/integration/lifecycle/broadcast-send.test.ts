import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { deliverEmail } from "@/lib/platform/server/mail/deliver-email";
import { suppressAddress } from "@/lib/platform/server/mail/suppression-list";
import { renderMarketingEmail, siteLinks } from "@/lib/lifecycle/server/render-marketing-email";
import { prepareBroadcastEmail } from "@/lib/lifecycle/server/render-broadcast-email";
import { runBroadcasts } from "@/lib/lifecycle/server/run-broadcasts";
import { sendBroadcastBatch } from "@/lib/lifecycle/server/send-broadcast-batch";
import { cancelBroadcast } from "@/lib/lifecycle/server/cancel-broadcast";
import { startResendDouble, type ResendDouble } from "@/tests/doubles/resend-api";
import { broadcastMails, EDITOR, scheduledBroadcast, seedLeads } from "../../support/broadcasts";

// Sending: two workers at once send each lead one e-mail, Resend gets each once and the
// suppression list still applies at delivery; cancelling mid-send stops it; a scheduled broadcast
// starts at its time; the rate holds across runs; rendering once gives what rendering per lead gives.

let resend: ResendDouble;
const noSleep = () => Promise.resolve();
const withoutPreview = (html: string) => html.replace(/<div style="display:none[^]*?<\/div><\/div>/, "");

beforeAll(async () => {
  resend = await startResendDouble();
  process.env.RESEND_API_KEY = "re_test_key";
  process.env.RESEND_BASE_URL = resend.url;
});

afterAll(async () => {
  delete process.env.RESEND_API_KEY;
  delete process.env.RESEND_BASE_URL;
  await resend.close();
});

describe("broadcast sending", () => {
  it("sends each lead exactly once with two workers at once", { timeout: 120_000 }, async () => {
    const audience = await seedLeads(230, "race");
    const id = await scheduledBroadcast({ segment: { source: "race" } });
    const runs = await Promise.all([runBroadcasts({ sleep: noSleep }), runBroadcasts({ sleep: noSleep })]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(audience.length);
    const mails = await broadcastMails(id);
    expect(mails.size).toBe(audience.length);
    expect([...mails.values()].every((n) => n === 1)).toBe(true);
    const broadcast = await getDb().broadcast.findUniqueOrThrow({ where: { id } });
    expect(broadcast).toMatchObject({ status: "SENT", audienceCount: 230, sentCount: 230 });

    // Delivery: an address that unsubscribed after queueing is not sent; Resend gets the rest once.
    await suppressAddress(audience[0]!.email, "ONE_CLICK");
    const rows = await getDb().outgoingEmail.findMany({ where: { broadcastId: id } });
    for (let i = 0; i < rows.length; i += 4) await Promise.all(rows.slice(i, i + 4).map((row) => deliverEmail(row.id)));
    // A second delivery of a settled message sends nothing.
    await Promise.all(rows.slice(0, 4).map((row) => deliverEmail(row.id)));
    const after = await getDb().outgoingEmail.groupBy({ by: ["status"], where: { broadcastId: id }, _count: true });
    expect(Object.fromEntries(after.map((g) => [g.status, g._count]))).toEqual({ SENT: 229, SUPPRESSED: 1 });
    const keys = rows.filter((r) => r.recipient !== audience[0]!.email).map((r) => `outgoing-email/${r.id}`);
    expect(keys.every((key) => resend.deliveries.get(key) === 1)).toBe(true);
    const first = rows.find((r) => r.recipient === audience[1]!.email)!;
    expect(first.template).toBe("broadcast");
    expect(first.subject).toBe("News for Ada");
    expect(first.idempotencyKey).toBe(`broadcast:${id}:${audience[1]!.id}`);
    expect(first.headers).toHaveProperty("List-Unsubscribe");
  });

  it("keeps to the rate across runs, and stops when cancelled mid-send", { timeout: 60_000 }, async () => {
    const audience = await seedLeads(120, "cancel");
    const t0 = new Date();
    const id = await scheduledBroadcast({ segment: { source: "cancel" }, rate: 50, now: t0 });
    expect(await runBroadcasts({ now: () => t0, sleep: noSleep, budgetMs: 5_000 })).toMatchObject({
      started: 1,
      sent: 50,
    });
    // The same minute: nothing more.
    const sameMinute = new Date(t0.getTime() + 30_000);
    expect((await runBroadcasts({ now: () => sameMinute, sleep: noSleep, budgetMs: 2_000 })).sent).toBe(0);
    const nextMinute = new Date(t0.getTime() + 61_000);
    expect((await runBroadcasts({ now: () => nextMinute, sleep: noSleep, budgetMs: 2_000 })).sent).toBe(50);

    expect(await cancelBroadcast(id, EDITOR)).toEqual({ skipped: 20 });
    const later = new Date(t0.getTime() + 600_000);
    expect((await runBroadcasts({ now: () => later, sleep: noSleep, budgetMs: 2_000 })).sent).toBe(0);
    expect((await broadcastMails(id)).size).toBe(100);
    const broadcast = await getDb().broadcast.findUniqueOrThrow({ where: { id } });
    expect(broadcast).toMatchObject({ status: "CANCELLED", sentCount: 100, skippedCount: 20 });
    const states = await getDb().broadcastRecipient.groupBy({
      by: ["state"],
      where: { broadcastId: id },
      _count: true,
    });
    expect(Object.fromEntries(states.map((s) => [s.state, s._count]))).toEqual({ SENT: 100, SKIPPED: 20 });
    await expect(cancelBroadcast(id, EDITOR)).rejects.toMatchObject({ code: "conflict" });
    expect(audience).toHaveLength(120);
    const audit = await getDb().auditLog.findMany({ where: { targetId: id }, orderBy: { at: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["broadcast.save", "broadcast.schedule", "broadcast.cancel"]);
  });

  it("starts a scheduled broadcast at its time, not before", { timeout: 60_000 }, async () => {
    await seedLeads(3, "later");
    const t0 = new Date();
    const at = new Date(t0.getTime() + 3_600_000);
    const id = await scheduledBroadcast({ segment: { source: "later" }, at, now: t0 });
    const before = new Date(at.getTime() - 1_000);
    expect(await runBroadcasts({ now: () => before, sleep: noSleep, budgetMs: 2_000 })).toEqual({
      started: 0,
      sent: 0,
      finished: 0,
    });
    expect((await getDb().broadcast.findUniqueOrThrow({ where: { id } })).status).toBe("SCHEDULED");
    expect(await runBroadcasts({ now: () => at, sleep: noSleep, budgetMs: 5_000 })).toEqual({
      started: 1,
      sent: 3,
      finished: 1,
    });
    expect(await sendBroadcastBatch(at)).toEqual({ kind: "idle" });
  });

  it("renders once what a render per lead gives", async () => {
    const draft = {
      subject: "Hi {{first_name|there}}",
      preheader: "For {{full_name}}",
      markdown: "Dear {{first_name|friend}} {{last_name}},\n\n**News** [read](/free-download) or [book]({{book_url}}).",
    };
    const render = await prepareBroadcastEmail(draft);
    for (const names of [
      { first_name: "Ada", last_name: "Lovelace", full_name: "Ada Lovelace" },
      { first_name: "", last_name: "", full_name: "" },
      { first_name: "Bob & <Co>", last_name: "O'Neil", full_name: "Bob" },
    ]) {
      const once = render(names);
      const each = await renderMarketingEmail(draft, { ...names, ...siteLinks() });
      expect(once.subject).toBe(each.subject);
      // The preview's invisible filler is sized for the marker, the one part that differs.
      if (!names.first_name.includes("<")) expect(withoutPreview(once.html)).toBe(withoutPreview(each.html));
      expect(once.html).toContain(`data-skip-in-text="true">For ${names.full_name}<div>`);
      expect(once.html).not.toContain("<Co>");
      expect(once.text).toBe(each.text);
    }
  });
});
