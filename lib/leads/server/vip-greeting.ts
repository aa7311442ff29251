import "server-only";
import { describeError } from "@/lib/platform/shared/describe-error";
import { getCurrentVisitor } from "@/lib/leads/server/current-visitor";
import { log } from "@/lib/platform/server/logger";

// A database hiccup must not break the page: no greeting then.

export async function vipFirstName(): Promise<string | null> {
  try {
    const visitor = await getCurrentVisitor();
    return visitor?.contact?.firstName || null;
  } catch (error) {
    log.warn(`[vip] visitor lookup failed: ${describeError(error)}`);
    return null;
  }
}
