import { describe, expect, it } from "vitest";
import { attributionMetadata, orderAttribution, type OrderAttribution } from "@/lib/payments/shared/attribution";

const noSession = { utmSource: "", utmMedium: "", utmCampaign: "", utmTerm: "", utmContent: "" };
const prospect: OrderAttribution = {
  firstUtmSource: "google",
  firstUtmMedium: "cpc",
  firstUtmCampaign: "launch",
  firstUtmTerm: "ai course",
  firstUtmContent: "ad-1",
  lastUtmSource: "newsletter",
  lastUtmMedium: "email",
  lastUtmCampaign: "week-2",
  lastUtmTerm: "",
  lastUtmContent: "",
};

describe("order attribution", () => {
  it("keeps the prospect's first touch and takes the session's UTM values as last touch", () => {
    const session = { ...noSession, utmSource: "facebook", utmCampaign: "retarget" };
    expect(orderAttribution(prospect, session)).toMatchObject({
      firstUtmSource: "google",
      firstUtmTerm: "ai course",
      lastUtmSource: "facebook",
      lastUtmMedium: "",
      lastUtmCampaign: "retarget",
    });
  });

  it("falls back to the prospect's last touch for a session without UTM values", () => {
    expect(orderAttribution(prospect, noSession)).toEqual(prospect);
  });

  it("uses the session for both touches when the buyer is not a known prospect", () => {
    const session = { ...noSession, utmSource: "x" };
    expect(orderAttribution(null, session)).toMatchObject({ firstUtmSource: "x", lastUtmSource: "x" });
  });

  it("fits Stripe's metadata limits and leaves empty values out", () => {
    const long = "v".repeat(800);
    const metadata = attributionMetadata({ ...prospect, firstUtmContent: long, contactId: "session-1" });
    expect(metadata).toMatchObject({
      funnel_session_id: "session-1",
      utm_first_source: "google",
      utm_last_campaign: "week-2",
    });
    expect(metadata.utm_last_term).toBeUndefined();
    expect(Object.keys(metadata).length).toBeLessThanOrEqual(50);
    for (const [key, value] of Object.entries(metadata)) {
      expect(key.length).toBeLessThanOrEqual(40);
      expect(value.length).toBeLessThanOrEqual(500);
    }
  });
});
