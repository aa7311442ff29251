// How the console names a sequence's entry event and a step's delay.

export const ENTRY_EVENT_LABELS: Record<string, string> = {
  OPT_IN: "Opt-in",
  PURCHASE: "Purchase",
  BOOKED_CALL: "Booked call",
  SUBSCRIPTION_CANCELLED: "Subscription cancelled",
};

export function delayLabel(hours: number, first: boolean): string {
  const after = first ? "after entry" : "after the previous e-mail";
  if (hours === 0) return first ? "at entry" : "right after the previous e-mail";
  const amount =
    hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? "" : "s"}` : `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${amount} ${after}`;
}
