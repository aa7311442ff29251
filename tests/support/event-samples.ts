import type { FunnelAction, FunnelEventData } from "@/lib/leads/shared/event-catalog";

// Valid funnel-event data for tests: the server checks each action's fields against the catalog.

/** One valid `data` per action, as the browser's trackAction() calls send it. */
export const SAMPLE_DATA: { [A in FunnelAction]: FunnelEventData[A] } = {
  page_load: {
    page: "/",
    referrer: null,
    viewport: "desktop",
    utm_source: "",
    utm_medium: "",
    utm_campaign: "",
    utm_term: "",
    utm_content: "",
  },
  button_click: { source: "hero" },
  form_submit: { source: "hero" },
  survey_submit: { track: "non_owner" },
  qualification_result: { qualified: false },
  phone_submit: { consent: true },
  checkout_click: { target: "/checkout", button: "offer" },
  booking_scheduled: { eventId: "evt_1" },
  payment_complete: { productId: "team-training", quantity: 2, transactionId: "txn_1", amount: 9700 },
};
