import "server-only";
import { createHash } from "node:crypto";
import { bucketingInput, pickVariant, unitFromDigest } from "@/lib/experiments/shared/bucketing";
import type { VariantWeight } from "@/lib/experiments/shared/surfaces";

// The same browser always lands in the same variant, independently across experiments.

export function assignVariant(experimentKey: string, browserId: string, variants: readonly VariantWeight[]): string {
  const digest = createHash("sha256").update(bucketingInput(experimentKey, browserId)).digest();
  return pickVariant(unitFromDigest(digest), variants);
}
