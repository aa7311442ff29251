import { describe, expect, it } from "vitest";
import { bookingEmbed } from "@/lib/booking/shared/booking-embed";
import { BOOKED_EVENT, parseBookedMessage } from "@/lib/booking/shared/booking-message";
import { phoneConsentText } from "@/lib/booking/shared/consent-text";
import { toE164 } from "@/lib/booking/shared/phone";

const WIDGET = "https://calendly.com";
const booked = {
  event: BOOKED_EVENT,
  payload: {
    event: { uri: "https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2" },
    invitee: { uri: "https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2/invitees/AAAA" },
  },
};
const utm = { utm_source: "news", utm_medium: "", utm_campaign: "spring", utm_term: "", utm_content: "" };

describe("booked-event message", () => {
  it("accepts the widget's booked event from the widget's origin", () => {
    expect(parseBookedMessage(WIDGET, WIDGET, booked)).toEqual({
      eventId: "GBGBDCAADAEDCRZ2",
      scheduledTime: null,
      eventType: BOOKED_EVENT,
    });
  });

  it("ignores the same message from any other origin", () => {
    expect(parseBookedMessage("https://evil.example", WIDGET, booked)).toBeNull();
    expect(parseBookedMessage("https://calendly.com.evil.example", WIDGET, booked)).toBeNull();
    expect(parseBookedMessage("http://calendly.com", WIDGET, booked)).toBeNull();
  });

  it("ignores other widget events and malformed payloads", () => {
    expect(parseBookedMessage(WIDGET, WIDGET, { ...booked, event: "calendly.date_and_time_selected" })).toBeNull();
    expect(parseBookedMessage(WIDGET, WIDGET, "calendly.event_scheduled")).toBeNull();
    expect(parseBookedMessage(WIDGET, WIDGET, { event: BOOKED_EVENT, payload: { event: { uri: "nope" } } })).toBeNull();
  });

  it("keeps a start time when the widget sends one", () => {
    const withTime = { ...booked, payload: { event: { ...booked.payload.event, start_time: "2026-12-01T15:30:00Z" } } };
    expect(parseBookedMessage(WIDGET, WIDGET, withTime)?.scheduledTime).toBe("2026-12-01T15:30:00Z");
  });
});

describe("booking embed", () => {
  it("is a notice without a configured booking URL (no frame, no script)", () => {
    expect(bookingEmbed(undefined, { utm, embedDomain: "localhost:3000" })).toEqual({ kind: "notice" });
  });

  it("prefills name, e-mail and the session's UTM values", () => {
    const embed = bookingEmbed("https://calendly.com/ff/strategy-call?month=2026-12", {
      name: "Ada Lovelace",
      email: "ada@example.com",
      utm,
      embedDomain: "funnel.example",
    });
    expect(embed.kind).toBe("inline");
    if (embed.kind !== "inline") return;
    expect(embed.origin).toBe("https://calendly.com");
    const src = new URL(embed.src);
    expect(src.pathname).toBe("/ff/strategy-call");
    expect(Object.fromEntries(src.searchParams)).toEqual({
      month: "2026-12",
      embed_domain: "funnel.example",
      embed_type: "Inline",
      hide_gdpr_banner: "1",
      name: "Ada Lovelace",
      email: "ada@example.com",
      utm_source: "news",
      utm_campaign: "spring",
    });
  });
});

describe("phone numbers and consent text", () => {
  it.each([
    ["(415) 555-0132", "+14155550132"],
    ["+44 20 7946 0958", "+442079460958"],
    ["415.555.0132", "+14155550132"],
  ])("normalizes %s to E.164", (raw, e164) => expect(toE164(raw)).toBe(e164));

  it.each(["", "12", "555-0132", "+1 555 000", "not a number", "9".repeat(41)])("rejects %j", (raw) =>
    expect(toE164(raw)).toBeNull(),
  );

  it("names the provider, one-to-one", () => {
    const text = phoneConsentText("Acme Training Inc.");
    expect(text).toMatch(/^I agree that Acme Training Inc\. may call and text me/);
    expect(text).toContain("Reply STOP to opt out.");
    expect(text).toContain("SMS/Phone Opt-In Terms");
  });
});
