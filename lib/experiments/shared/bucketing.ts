// A hash of `${experimentKey}:${browserId}` read as [0, 1) picks the variant's weight slice
// (docs/product.md#assignment). Pure: the server hashes, this only maps the digest.

import type { VariantWeight } from "@/lib/experiments/shared/surfaces";

/** The key comes first, so one browser lands independently per experiment. */
export const bucketingInput = (experimentKey: string, browserId: string): string => `${experimentKey}:${browserId}`;

/** 48 bits fit a double exactly, so 1 is never reached. */
export function unitFromDigest(digest: Uint8Array): number {
  if (digest.length < 6) throw new Error("digest too short");
  let value = 0;
  for (let i = 0; i < 6; i++) value = value * 256 + digest[i]!;
  return value / 2 ** 48;
}

/** Listed order is kept, so a visitor's slice only moves when the weights or the list change. */
export function pickVariant(unit: number, variants: readonly VariantWeight[]): string {
  const total = variants.reduce((sum, v) => sum + Math.max(0, v.weight), 0);
  if (total <= 0) throw new Error("an experiment needs a positive weight");
  const target = unit * total;
  let cumulative = 0;
  for (const variant of variants) {
    cumulative += Math.max(0, variant.weight);
    if (target < cumulative) return variant.key;
  }
  // Only reachable through rounding at the very top.
  return [...variants].reverse().find((v) => v.weight > 0)!.key;
}
