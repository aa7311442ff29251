import { vi } from "vitest";
import { log } from "@/lib/platform/server/logger";

// Everything the server logs (lib/platform/server/logger.ts) while a test runs, one string per
// call, for tests that check what a log says and what it never says (e-mails, phones, secrets).
const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace"] as const;

export type LogCapture = { lines: (level?: (typeof LEVELS)[number]) => string[]; restore: () => void };

export function captureLog(): LogCapture {
  const calls: { level: string; text: string }[] = [];
  const spies = LEVELS.map((level) =>
    vi.spyOn(log, level).mockImplementation((...args: unknown[]) => {
      calls.push({ level, text: args.map((arg) => (typeof arg === "string" ? arg : JSON.stringify(arg))).join(" ") });
    }),
  );
  return {
    lines: (level) => calls.filter((call) => !level || call.level === level).map((call) => call.text),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}
