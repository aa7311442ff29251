import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The landing page's opt-in ships these modules to every visitor. zod would add about 34 KB of
// compressed JavaScript to / and /paid (npm run bench:pages measured it: floor + 47 KB against a
// 45 KB budget), so they may import zod's types, never zod itself.

const OPT_IN_CLIENT_MODULES = [
  "lib/http/client-post.ts",
  "lib/lead-capture/client-api.ts",
  "lib/lead-capture/contact-rules.ts",
  "lib/lead-capture/qualification.ts",
  "lib/lead-capture/survey-questions.ts",
  "lib/funnel/client-session.ts",
  "lib/funnel/utm.ts",
  "lib/tracking/client.ts",
  "lib/tracking/event-catalog.ts",
];

describe("the opt-in's client modules", () => {
  it.each(OPT_IN_CLIENT_MODULES)("%s does not import zod at run time", (file) => {
    const source = readFileSync(path.resolve(import.meta.dirname, "../..", file), "utf8");
    expect(source).not.toMatch(/^import (?!type )[^;]*from "zod";/m);
  });
});
