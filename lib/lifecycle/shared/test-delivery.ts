// A test e-mail's journey in words: queued, then sent to Resend or written to the outbox (no key
// set), then delivered or bounced as Resend's webhook reports it. `final` stops the page asking.

export type TestDeliveryState = { state: string; label: string; final: boolean };

type Status = "QUEUED" | "SENDING" | "SENT" | "LOGGED" | "FAILED" | "SUPPRESSED";

export function testDeliveryState(status: Status, events: readonly string[]): TestDeliveryState {
  if (events.includes("bounced")) return { state: "bounced", label: "Bounced", final: true };
  if (events.includes("complained")) return { state: "complained", label: "Marked as spam", final: true };
  if (events.includes("delivered")) return { state: "delivered", label: "Delivered", final: true };
  switch (status) {
    case "QUEUED":
    case "SENDING":
      return { state: "queued", label: "Queued", final: false };
    case "SENT":
      return { state: "sent", label: "Sent, waiting for the delivery report", final: false };
    case "LOGGED":
      return { state: "outbox", label: "Written to the outbox (no e-mail key is set)", final: true };
    case "SUPPRESSED":
      return { state: "suppressed", label: "Not sent: your address is on the suppression list", final: true };
    case "FAILED":
      return { state: "failed", label: "Failed", final: true };
  }
}
