// POST /api/admin/experiments/update — an operator edits a draft split test.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { updateExperimentSchema } from "@/lib/experiments/server/experiment-draft-schema";
import { updateExperiment } from "@/lib/experiments/server/update-experiment";
import { EXPERIMENT_ADMIN_RULE } from "@/lib/experiments/server/experiment-rate-rule";

export const POST = operatorRoute({
  action: "experiments.manage",
  schema: updateExperimentSchema,
  rateLimits: [EXPERIMENT_ADMIN_RULE],
  handle: async (input, context) => noStoreJson(await updateExperiment(input, context.operator, context.clientIp)),
});
