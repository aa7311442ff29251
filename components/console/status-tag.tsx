import type { ReactNode } from "react";

// The console's small status word; the word carries the meaning, the tone only repeats it.
export function StatusTag({ testId, tone, children }: { testId: string; tone: string; children: ReactNode }) {
  return (
    <span data-testid={testId} className={`rounded px-1.5 py-0.5 text-xs font-semibold ${tone}`}>
      {children}
    </span>
  );
}
