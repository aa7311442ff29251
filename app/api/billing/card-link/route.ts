// POST /api/billing/card-link — a dunning e-mail's link replaces its one subscription's card (the
// demo card, or a confirmed Stripe SetupIntent), without a session.
import { z } from "zod";
import { jsonRoute, noStoreJson } from "@/lib/platform/server/http/json-route";
import { linkCardSchema, updateCardByLink } from "@/lib/billing/server/update-buyer-card";
import { finishCardSetupByLink, linkSetupDoneSchema } from "@/lib/billing/server/update-buyer-stripe-card";
import { BILLING_CHANGE_RULE } from "@/lib/billing/shared/billing-rules";

export const POST = jsonRoute({
  schema: z.union([linkCardSchema, linkSetupDoneSchema]),
  rateLimits: [BILLING_CHANGE_RULE],
  handle: async (input) =>
    noStoreJson({
      success: true,
      ...("card" in input ? await updateCardByLink(input) : await finishCardSetupByLink(input)),
    }),
});
