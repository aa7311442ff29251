// POST /api/admin/experiments — an operator creates a split test as a draft.
import { noStoreJson } from "@/lib/platform/server/http/json-route";
import { operatorRoute } from "@/lib/operators/server/operator-route";
import { createExperiment } from "@/lib/experiments/server/create-experiment";
import { createExperimentSchema } from "@/lib/experiments/server/experiment-draft-schema";
import { EXPERIMENT_ADMIN_RULE } from "@/lib/experiments/server/experiment-rate-rule";

export const POST = operatorRoute({
  action: "experiments.manage",
  schema: createExperimentSchema,
  rateLimits: [EXPERIMENT_ADMIN_RULE],
  handle: async (input, context) => noStoreJson(await createExperiment(input, context.operator, context.clientIp), 201),
});
