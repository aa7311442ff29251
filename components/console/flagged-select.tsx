import type { FlaggedView } from "@/lib/shared/excluded-rows";

// The lists' one choice about rows flagged as test or spam: left out unless asked for.
export function FlaggedSelect({
  value,
  className,
  labelClass,
}: {
  value: FlaggedView;
  className: string;
  labelClass: string;
}) {
  return (
    <label className={labelClass}>
      Test and spam
      <select name="flagged" defaultValue={value ?? ""} className={className}>
        <option value="">Left out</option>
        <option value="include">Included (tagged)</option>
        <option value="only">Only test and spam</option>
      </select>
    </label>
  );
}
