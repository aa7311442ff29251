import "server-only";
import { isHashSuppressed } from "@/lib/platform/server/mail/suppression-list";
import { verifyUnsubscribeToken } from "@/lib/platform/server/mail/unsubscribe-token";
import { isDatabaseUnavailable } from "@/lib/platform/shared/db-errors";

// Opening the link never unsubscribes: mail scanners and previews fetch links nobody clicked.

export type UnsubscribeView =
  { state: "confirm" | "unsubscribed"; token: string } | { state: "invalid" | "expired" | "unavailable" };

export async function unsubscribeView(token: unknown): Promise<UnsubscribeView> {
  const check = await verifyUnsubscribeToken(token);
  if (!check.valid || typeof token !== "string") return { state: check.valid ? "invalid" : check.reason };
  try {
    return { state: (await isHashSuppressed(check.addressHash)) ? "unsubscribed" : "confirm", token };
  } catch (error) {
    if (isDatabaseUnavailable(error)) return { state: "unavailable" };
    throw error;
  }
}
