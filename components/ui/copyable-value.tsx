import { CopyButton } from "@/components/ui/copy-button";

// A value a person copies or reads out letter by letter (a transaction ID, a one-time password):
// always one unbroken line, since a break inside it reads as a space or a hyphen that is not
// there. On a screen too narrow for it, it scrolls inside its own box instead of widening the
// page; the copy button beside it (below it when there is no room) copies the whole value.

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
  /** "small" fits a 36-character ID on a 390 px phone; "base" suits short values such as a password. */
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
      {/* Takes the room left beside the value, or the next line when its button does not fit. */}
      <span className="flex-1">
        <CopyButton value={value} label={copyLabel} targetId={id} />
      </span>
    </span>
  );
}
