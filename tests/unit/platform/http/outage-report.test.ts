import { describe, expect, it, vi } from "vitest";
import { createOutageReporter } from "@/lib/platform/server/http/outage-report";

describe("database outage reporter", () => {
  it("logs one line per interval with the count per path", () => {
    vi.useFakeTimers();
    try {
      const lines: string[] = [];
      const reporter = createOutageReporter((line) => lines.push(line), 10_000);
      for (let i = 0; i < 5; i++) reporter.record("/api/register");
      reporter.record("/api/survey");
      expect(lines).toEqual([]);
      vi.advanceTimersByTime(10_000);
      expect(lines).toEqual([
        "[api] database unavailable: 6 request(s) answered 503 in the last 10 s (/api/register: 5, /api/survey: 1)",
      ]);
      reporter.record("/api/survey");
      vi.advanceTimersByTime(10_000);
      expect(lines[1]).toContain("1 request(s) answered 503 in the last 10 s (/api/survey: 1)");
    } finally {
      vi.useRealTimers();
    }
  });
});
