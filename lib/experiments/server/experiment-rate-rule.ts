import "server-only";
import type { RateRule } from "@/lib/platform/server/security/rate-limit";

// An operator clicks a few times an hour; a runaway script is stopped early.
export const EXPERIMENT_ADMIN_RULE: RateRule = { name: "admin-experiments", limit: 60, windowSeconds: 600 };
