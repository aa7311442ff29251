// POST /api/billing/card — the signed-in buyer replaces a subscription's card (the demo card, or a
// confirmed Stripe SetupIntent); an overdue renewal is paid with it.
import { z } from "zod";
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { authorizeBuyer } from "@/lib/billing/server/buyer-route";
import { sessionCardSchema, updateCardSignedIn } from "@/lib/billing/server/update-buyer-card";
import { finishCardSetupSignedIn, sessionSetupDoneSchema } from "@/lib/billing/server/update-buyer-stripe-card";
import { BILLING_CHANGE_RULE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: z.union([sessionCardSchema, sessionSetupDoneSchema]),
  authorize: authorizeBuyer,
  rateLimits: [BILLING_CHANGE_RULE],
  handle: async (input, context) =>
    noStoreJson({
      success: true,
      ...("card" in input
        ? await updateCardSignedIn(context.email, input)
        : await finishCardSetupSignedIn(context.email, input)),
    }),
});
