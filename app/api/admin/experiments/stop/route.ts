// POST /api/admin/experiments/stop — an operator stops a running split test and rolls a variant out.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { stopExperiment, stopExperimentSchema } from "@/lib/experiments/server/stop-experiment";
import { EXPERIMENT_ADMIN_RULE } from "@/lib/experiments/server/experiment-rate-rule";

export const POST = operatorRoute({
  action: "experiments.manage",
  schema: stopExperimentSchema,
  rateLimits: [EXPERIMENT_ADMIN_RULE],
  handle: async (input, context) => noStoreJson(await stopExperiment(input, context.operator, context.clientIp)),
});
