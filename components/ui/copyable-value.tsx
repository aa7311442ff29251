import { CopyButton } from "@/components/ui/copy-button";

// One unbroken line: a break inside reads as a space or hyphen that is not there.

export function CopyableValue({
  id,
  value,
  copyLabel,
  testId,
  size = "small",
}: {
  id: string;
  value: string;
  copyLabel: string;
  testId?: string;
  /** "small" fits a 36-character ID on a 390 px phone. */
  size?: "small" | "base";
}) {
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <code
        id={id}
        data-testid={testId}
        className={`max-w-full overflow-x-auto rounded bg-slate-100 px-2 py-1 font-mono whitespace-nowrap ${
          size === "small" ? "text-xs sm:text-sm" : "text-sm sm:text-base"
        }`}
      >
        {value}
      </code>
      <span className="flex-1">
        <CopyButton value={value} label={copyLabel} targetId={id} />
      </span>
    </span>
  );
}
