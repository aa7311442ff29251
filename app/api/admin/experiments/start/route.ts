// POST /api/admin/experiments/start — an operator starts a draft split test; one runs per surface.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { startExperiment, startExperimentSchema } from "@/lib/experiments/server/start-experiment";
import { EXPERIMENT_ADMIN_RULE } from "@/lib/experiments/server/experiment-rate-rule";

export const POST = operatorRoute({
  action: "experiments.manage",
  schema: startExperimentSchema,
  rateLimits: [EXPERIMENT_ADMIN_RULE],
  handle: async (input, context) => noStoreJson(await startExperiment(input, context.operator, context.clientIp)),
});
