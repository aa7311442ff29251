// Deterministic bucketing of a visitor into an experiment's variants (issue 13 §2): a hash of
// `${experimentKey}:${browserId}` read as a number in [0, 1) picks the variant whose slice of the
// cumulative weights holds it. Pure: the server hashes (node:crypto), this only maps the digest.

import type { VariantWeight } from "@/lib/experiments/shared/surfaces";

/** The text the server hashes: the key comes first, so one browser lands independently per experiment. */
export const bucketingInput = (experimentKey: string, browserId: string): string => `${experimentKey}:${browserId}`;

/**
 * The first 48 bits of a digest as a uniform number in [0, 1). 48 bits fit a double exactly, so
 * no two digests differing in them collapse and 1 is never reached.
 */
export function unitFromDigest(digest: Uint8Array): number {
  if (digest.length < 6) throw new Error("digest too short");
  let value = 0;
  for (let i = 0; i < 6; i++) value = value * 256 + digest[i]!;
  return value / 2 ** 48;
}

/**
 * The variant whose cumulative-weight slice holds `unit` (0 <= unit < 1). Variants keep their
 * listed order, so a visitor's slice only moves when the weights or the list change.
 */
export function pickVariant(unit: number, variants: readonly VariantWeight[]): string {
  const total = variants.reduce((sum, v) => sum + Math.max(0, v.weight), 0);
  if (total <= 0) throw new Error("an experiment needs a positive weight");
  const target = unit * total;
  let cumulative = 0;
  for (const variant of variants) {
    cumulative += Math.max(0, variant.weight);
    if (target < cumulative) return variant.key;
  }
  // Only reachable through rounding at the very top: the last variant with weight owns it.
  return [...variants].reverse().find((v) => v.weight > 0)!.key;
}
