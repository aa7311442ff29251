import "server-only";
import { ApiError } from "@/lib/platform/shared/api-error";
import type { RouteContext } from "@/lib/platform/server/http/json-route";
import { readBuyerSession } from "@/lib/billing/server/buyer-session";

// The billing page's signed-in POSTs: a caller without a buyer session learns 401 before anything else.

export type BuyerRouteContext = RouteContext & { email: string };

export function authorizeBuyer(context: RouteContext): Promise<BuyerRouteContext> {
  const session = readBuyerSession(context.request);
  if (!session) throw new ApiError("unauthorized", "Please sign in to the billing page again.");
  return Promise.resolve({ ...context, email: session.email });
}
