import { hasUtm, type UtmParams } from "@/lib/leads/shared/utm";

// First touch is never overwritten (docs/operations.md#attribution). Sent to the provider as
// metadata, so revenue there traces back to its source.

export type OrderAttribution = {
  firstUtmSource: string;
  firstUtmMedium: string;
  firstUtmCampaign: string;
  firstUtmTerm: string;
  firstUtmContent: string;
  lastUtmSource: string;
  lastUtmMedium: string;
  lastUtmCampaign: string;
  lastUtmTerm: string;
  lastUtmContent: string;
};

export type ProspectTouches = OrderAttribution;

export type SessionUtm = {
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmTerm: string;
  utmContent: string;
};

const asParams = (s: SessionUtm): UtmParams => ({
  utm_source: s.utmSource,
  utm_medium: s.utmMedium,
  utm_campaign: s.utmCampaign,
  utm_term: s.utmTerm,
  utm_content: s.utmContent,
});

function prospectTouch(prospect: ProspectTouches, prefix: "first" | "last"): UtmParams {
  return {
    utm_source: prospect[`${prefix}UtmSource`],
    utm_medium: prospect[`${prefix}UtmMedium`],
    utm_campaign: prospect[`${prefix}UtmCampaign`],
    utm_term: prospect[`${prefix}UtmTerm`],
    utm_content: prospect[`${prefix}UtmContent`],
  };
}

export function orderAttribution(prospect: ProspectTouches | null, session: SessionUtm): OrderAttribution {
  const sessionUtm = asParams(session);
  const prospectFirst = prospect ? prospectTouch(prospect, "first") : null;
  const prospectLast = prospect ? prospectTouch(prospect, "last") : null;
  const first = prospectFirst && hasUtm(prospectFirst) ? prospectFirst : sessionUtm;
  const last = hasUtm(sessionUtm) || !prospectLast ? sessionUtm : prospectLast;
  return {
    firstUtmSource: first.utm_source,
    firstUtmMedium: first.utm_medium,
    firstUtmCampaign: first.utm_campaign,
    firstUtmTerm: first.utm_term,
    firstUtmContent: first.utm_content,
    lastUtmSource: last.utm_source,
    lastUtmMedium: last.utm_medium,
    lastUtmCampaign: last.utm_campaign,
    lastUtmTerm: last.utm_term,
    lastUtmContent: last.utm_content,
  };
}

const FIELDS = ["Source", "Medium", "Campaign", "Term", "Content"] as const;

/** Stripe allows 50 keys of ≤ 40 characters with values of ≤ 500. */
export function attributionMetadata(order: OrderAttribution & { contactId: string }): Record<string, string> {
  const metadata: Record<string, string> = { funnel_session_id: order.contactId.slice(0, 500) };
  for (const prefix of ["first", "last"] as const) {
    for (const field of FIELDS) {
      const value = order[`${prefix}Utm${field}`];
      if (value) metadata[`utm_${prefix}_${field.toLowerCase()}`] = value.slice(0, 500);
    }
  }
  return metadata;
}
