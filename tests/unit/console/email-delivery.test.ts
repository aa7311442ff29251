import { describe, expect, it } from "vitest";
import { emailDelivery } from "@/lib/console/shared/email-delivery";

// An outbox e-mail never reads as sent: its status says it was not sent, and its time is when it was logged.

describe("emailDelivery", () => {
  const at = new Date("2026-11-27T10:00:00Z");

  it("names a logged e-mail as not sent, with the time it was logged", () => {
    expect(emailDelivery("LOGGED", at)).toEqual({ label: "Logged (not sent)", at });
    expect(emailDelivery("SENT", at)).toEqual({ label: "Sent", at });
  });

  it("gives no time to an e-mail that was not handed over or logged", () => {
    expect(emailDelivery("QUEUED", null)).toEqual({ label: "Queued", at: null });
    expect(emailDelivery("FAILED", at)).toEqual({ label: "Failed", at: null });
    expect(emailDelivery("SUPPRESSED", null).label).toBe("Suppressed (not sent)");
  });
});
