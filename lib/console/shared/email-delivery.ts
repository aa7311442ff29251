// How the console names an e-mail's state: an outbox e-mail (LOGGED) was never sent, so its time
// is when it was logged, and it must not read as delivered.

export type EmailStatusName = "QUEUED" | "SENDING" | "SENT" | "LOGGED" | "FAILED" | "SUPPRESSED";

export const EMAIL_STATUS_LABELS: Record<EmailStatusName, string> = {
  QUEUED: "Queued",
  SENDING: "Sending",
  SENT: "Sent",
  LOGGED: "Logged (not sent)",
  FAILED: "Failed",
  SUPPRESSED: "Suppressed (not sent)",
};

/** The state's words, and when the e-mail was handed to the provider or logged (null: not yet). */
export function emailDelivery(status: EmailStatusName, sentAt: Date | null): { label: string; at: Date | null } {
  return { label: EMAIL_STATUS_LABELS[status], at: status === "SENT" || status === "LOGGED" ? sentAt : null };
}
