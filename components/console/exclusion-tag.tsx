import { StatusTag } from "@/components/console/status-tag";
import { EXCLUSION_LABELS, type ExclusionKind } from "@/lib/shared/excluded-rows";

// Marks a lead or order flagged as test or spam wherever a list shows one.
export function ExclusionTag({ kind }: { kind: ExclusionKind | null }) {
  if (!kind) return null;
  return (
    <StatusTag
      testId="exclusion-tag"
      tone={kind === "spam" ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900"}
    >
      {EXCLUSION_LABELS[kind]}
    </StatusTag>
  );
}
