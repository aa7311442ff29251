import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import PageCacheHandler from "@/scripts/lib/page-cache-handler.mjs";
import { sha256Source } from "@/scripts/lib/cached-page.mjs";

// The page cache's own part of a cached page's policy (scripts/lib/page-cache-handler.mjs,
// docs/decisions/0013): it finishes the very entry Next.js answers the filling request with, writes
// the policy from the run-time configuration that instrumentation.ts shares, finishes an entry once,
// and sends and keeps nothing that could run scripts if no policy was shared.

const POLICY_KEY = Symbol.for("fast-forward.cached-page-policy");
const distDir = mkdtempSync(path.join(tmpdir(), "page-cache-handler-"));
mkdirSync(path.join(distDir, "server"), { recursive: true });
mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
writeFileSync(path.join(distDir, "static", "chunks", "a.js"), "console.log('a')");
afterAll(() => rmSync(distDir, { recursive: true, force: true }));
afterEach(() => {
  Reflect.deleteProperty(globalThis, POLICY_KEY);
  vi.restoreAllMocks();
});

const handler = () => new PageCacheHandler({ serverDistDir: path.join(distDir, "server") });
const BOOT = "self.__next_f=[]";
const rendered = () => ({
  kind: "APP_PAGE",
  html: `<html><head></head><body><script src="/_next/static/chunks/a.js" async=""></script><script>${BOOT}</script></body></html>`,
  headers: { "x-next-cache-tags": "_N_T_/layout" },
  status: 200,
});

describe("PageCacheHandler.set", () => {
  it("finishes the rendered entry in place and keeps it with the policy of its scripts' hashes", async () => {
    Reflect.set(globalThis, POLICY_KEY, (hashes: string[]) => `script-src ${hashes.map((h) => `'${h}'`).join(" ")}`);
    const cache = handler();
    const value = rendered();
    await cache.set("app$/privacy", value);
    const chunk = sha256Source("console.log('a')");
    expect(value.html).toContain(`<script src="/_next/static/chunks/a.js" async="" integrity="${chunk}">`);
    expect(value.headers).toEqual({
      "x-next-cache-tags": "_N_T_/layout",
      "content-security-policy": `script-src '${chunk}' '${sha256Source(BOOT)}'`,
    });
    expect((await cache.get("app$/privacy"))?.value).toBe(value);
  });

  it("leaves an entry that already has its policy as it is (a kept copy put back)", async () => {
    Reflect.set(globalThis, POLICY_KEY, () => "script-src 'sha256-new'");
    const value = { ...rendered(), headers: { "content-security-policy": "script-src 'sha256-kept'" } };
    const html = value.html;
    await handler().set("app$/terms", value);
    expect(value.html).toBe(html);
    expect(value.headers["content-security-policy"]).toBe("script-src 'sha256-kept'");
  });

  it("without a shared policy sends the page with no script allowed, keeps nothing, and says why", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const cache = handler();
    const value = rendered();
    await cache.set("app$/offer", value);
    expect(value.headers["content-security-policy" as keyof typeof value.headers]).toMatch(/script-src 'none'/);
    expect(await cache.get("app$/offer")).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[page-cache\] no page policy was shared/));
  });

  it("never keeps the 404 page, which is answered per request with a fresh nonce", async () => {
    Reflect.set(globalThis, POLICY_KEY, () => "script-src 'sha256-x'");
    const cache = handler();
    await cache.set("app$/_not-found", rendered());
    expect(await cache.get("app$/_not-found")).toBeNull();
  });
});
