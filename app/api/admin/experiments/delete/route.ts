// POST /api/admin/experiments/delete — an operator deletes a draft split test.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { deleteExperiment, deleteExperimentSchema } from "@/lib/experiments/server/delete-experiment";
import { EXPERIMENT_ADMIN_RULE } from "@/lib/experiments/server/experiment-rate-rule";

export const POST = operatorRoute({
  action: "experiments.manage",
  schema: deleteExperimentSchema,
  rateLimits: [EXPERIMENT_ADMIN_RULE],
  handle: async (input, context) => noStoreJson(await deleteExperiment(input, context.operator, context.clientIp)),
});
