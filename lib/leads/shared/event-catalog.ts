// Operators' SQL reads these names (docs/operations.md#operator-queries), so renaming an action
// or field is a data migration. Free of zod: the landing page ships it.

import type { UtmParams } from "@/lib/leads/shared/utm";

export type FunnelStep = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface FunnelEventData {
  page_load: { page: string; referrer: string | null; viewport: "mobile" | "desktop" } & UtmParams;
  button_click: { source: string };
  form_submit: { source: string };
  survey_submit: { track: "business_owner" | "non_owner" };
  qualification_result: { qualified: boolean };
  phone_submit: { consent: true };
  checkout_click: { target: string; button: string } | { productId: string; quantity: number; transactionId: string };
  booking_scheduled: { eventId: string };
  payment_complete: { productId: string; quantity: number; transactionId: string; amount: number };
}

export type FunnelAction = keyof FunnelEventData;

type KeysOfUnion<T> = T extends unknown ? keyof T : never;

type CatalogEntry<A extends FunnelAction> = {
  step: FunnelStep;
  when: string;
  data: Record<KeysOfUnion<FunnelEventData[A]>, string>;
};

const utmFields = {
  utm_source: 'from the page address, "" when absent',
  utm_medium: 'from the page address, "" when absent',
  utm_campaign: 'from the page address, "" when absent',
  utm_term: 'from the page address, "" when absent',
  utm_content: 'from the page address, "" when absent',
};

export const FUNNEL_EVENTS = {
  page_load: {
    step: 1,
    when: "the landing page is shown (once per view)",
    data: {
      page: 'the page\'s path ("/")',
      referrer: "the referring site's origin only, or null",
      viewport: '"mobile" (< 768 px) or "desktop"',
      ...utmFields,
    },
  },
  button_click: {
    step: 2,
    when: "a free-offer button opens the opt-in",
    data: { source: "which button (data-free-offer)" },
  },
  form_submit: {
    step: 3,
    when: "the opt-in form passes its checks",
    data: { source: "the button that opened the opt-in" },
  },
  survey_submit: {
    step: 4,
    when: "the last survey answer is given",
    data: { track: '"business_owner" or "non_owner"' },
  },
  qualification_result: {
    step: 5,
    when: "the survey's verdict is known",
    data: { qualified: "true or false, as the server answered (the same rule locally if the survey call failed)" },
  },
  phone_submit: {
    step: 6,
    when: "the phone-consent form is accepted",
    data: { consent: "always true" },
  },
  checkout_click: {
    step: 6,
    when: "an offer button heads for checkout (target, button), or an order's checkout form is first submitted (productId, quantity, transactionId; a retry is not recorded again)",
    data: {
      target: "offer button: the checkout URL",
      button: "offer button: which button",
      productId: "checkout form: catalog product id",
      quantity: "checkout form: quantity or seats",
      transactionId: "checkout form: our transaction id (orders)",
    },
  },
  booking_scheduled: {
    step: 7,
    when: "a call is booked: stored by the server with a built-in calendar booking, or sent when the booking widget reports one",
    data: { eventId: "the booking's id (built-in calendar) or the widget's scheduled-event id" },
  },
  payment_complete: {
    step: 7,
    when: "the payment succeeded (checkout or /payment-processing)",
    data: {
      productId: "catalog product id",
      quantity: "quantity or seats",
      transactionId: "our transaction id (orders)",
      amount: "amount charged, in US cents",
    },
  },
} as const satisfies { [A in FunnelAction]: CatalogEntry<A> };

export function isFunnelAction(value: string): value is FunnelAction {
  return Object.hasOwn(FUNNEL_EVENTS, value);
}

export const FUNNEL_ACTIONS: readonly FunnelAction[] = Object.keys(FUNNEL_EVENTS).filter(isFunnelAction);

export function stepOf(action: FunnelAction): FunnelStep {
  return FUNNEL_EVENTS[action].step;
}
