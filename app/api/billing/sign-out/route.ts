// POST /api/billing/sign-out — ends the buyer's session in this browser.
import { z } from "zod";
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { clearedBuyerSessionCookie } from "@/lib/billing/server/buyer-session";

export const POST = jsonRoute({
  schema: z.strictObject({}),
  handle: () => {
    const response = noStoreJson({ success: true });
    response.headers.append("Set-Cookie", clearedBuyerSessionCookie());
    return Promise.resolve(response);
  },
});
