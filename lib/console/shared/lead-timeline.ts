// The lead page's timeline: each funnel event (and each refund) as one line an operator can read.
// Pure, so the wording is unit-tested; a repeat of the line just before it only adds to its count.
import { formatMoney } from "./console-format";

/** A funnel event, or a refund ("refund", data { amount, currency }) the page adds beside them. */
export type TimelineEntry = { at: Date; action: string; data: unknown };

export type TimelineLine = { at: Date; last: Date; label: string; count: number };

export const REFUND_ACTION = "refund";

type Fields = Record<string, unknown>;

const fields = (data: unknown): Fields =>
  typeof data === "object" && data !== null && !Array.isArray(data) ? Object.fromEntries(Object.entries(data)) : {};
const text = (data: Fields, key: string): string | null => {
  const value = data[key];
  return typeof value === "string" && value.trim() !== "" ? value : null;
};
const number = (data: Fields, key: string): number | null => {
  const value = data[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
};
const product = (data: Fields) => {
  const id = text(data, "productId");
  const quantity = number(data, "quantity");
  return id ? ` (${id}${quantity && quantity > 1 ? ` ×${quantity}` : ""})` : "";
};

export function eventLabel(action: string, raw: unknown): string {
  const data = fields(raw);
  switch (action) {
    case "page_load": {
      const source = text(data, "utm_source");
      return `Page viewed: ${text(data, "page") ?? "landing page"}${source ? ` (from ${source})` : ""}`;
    }
    case "button_click":
      return "Opened the opt-in form";
    case "form_submit":
      return "Opted in";
    case "survey_submit":
      return `Survey answered: ${data.track === "business_owner" ? "business owner" : "not a business owner"}`;
    case "qualification_result":
      return data.qualified === true ? "Survey result: qualified" : "Survey result: not qualified";
    case "phone_submit":
      return "Phone number given, with consent to be called";
    case "checkout_click": {
      const target = text(data, "target");
      if (target) return `Offer accepted: went to checkout (${target})`;
      return `Checkout started${product(data)}`;
    }
    case "booking_scheduled":
      return "Call booked";
    case "payment_complete": {
      const amount = number(data, "amount");
      return `Paid${amount === null ? "" : ` ${formatMoney(amount)}`}${product(data)}`;
    }
    case REFUND_ACTION: {
      const amount = number(data, "amount");
      return `Refunded${amount === null ? "" : ` ${formatMoney(amount, text(data, "currency") ?? "usd")}`}`;
    }
    default:
      return action.replace(/_/g, " ");
  }
}

/** Oldest first (ties keep their given order); a line equal to the one before it is counted, not repeated. */
export function timelineLines(entries: readonly TimelineEntry[]): TimelineLine[] {
  const sorted = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.index - b.index);
  const lines: TimelineLine[] = [];
  for (const { entry } of sorted) {
    const label = eventLabel(entry.action, entry.data);
    const previous = lines.at(-1);
    if (previous && previous.label === label) {
      previous.count += 1;
      previous.last = entry.at;
    } else {
      lines.push({ at: entry.at, last: entry.at, label, count: 1 });
    }
  }
  return lines;
}

export function lineText(line: TimelineLine): string {
  return line.count > 1 ? `${line.label} ×${line.count}` : line.label;
}
