import "server-only";

// A seat change that lands just after the buyer paid must not replace (cancel) the subscription
// that was just paid, and our order row may still say PENDING then. Only the provider knows, and
// only its own refusal is free of a check-then-act race: each gateway's replacement starts with a
// step the provider refuses once paid (lib/payments/server/gateway.ts), answered with this message.

export const ALREADY_PAID_MESSAGE =
  "This payment has already been made, so the seat count can no longer be changed. Please refresh the page.";
