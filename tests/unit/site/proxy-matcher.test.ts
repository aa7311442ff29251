import { readdirSync } from "node:fs";
import path from "node:path";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";
import { NOT_CRAWLED, PUBLIC_PAGES } from "@/lib/site/shared/public-pages";

// proxy.ts's matcher decides which answers get a per-request Content-Security-Policy: every page
// must, and public/'s files must not pay for the pass (next.config.ts gives them a fixed policy).

const PUBLIC_DIR = path.resolve(__dirname, "../../../public");

function publicFiles(dir = PUBLIC_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? publicFiles(full) : [`/${path.relative(PUBLIC_DIR, full)}`];
  });
}

function proxied(url: string): boolean {
  return unstable_doesMiddlewareMatch({ config, url });
}

describe("proxy.ts matcher", () => {
  it("runs on every page, the funnel's private steps and an unknown address", () => {
    const pages = [
      ...PUBLIC_PAGES.map((page) => page.path),
      ...NOT_CRAWLED.filter((page) => !page.startsWith("/api")),
      "/vip-detected",
      "/oto-realtime-ai-academy",
      "/unsubscribe",
      "/no-such-page",
      "/images-of-us",
      "/favicon",
    ];
    for (const page of pages) expect(proxied(page), page).toBe(true);
  });

  it("leaves out every file in public/, the API and built assets", () => {
    const files = publicFiles();
    expect(files).toContain("/favicon.svg");
    for (const file of [...files, "/api/health", "/_next/static/chunks/main.js"]) {
      expect(proxied(file), file).toBe(false);
    }
  });
});
