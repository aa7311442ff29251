import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addScriptIntegrity, finishCachedPage, scriptHashes, withoutNonces } from "@/scripts/lib/cached-page.mjs";

// What the cache does once to a page it stores (scripts/lib/cached-page.mjs, docs/decisions/0013):
// every build chunk the page loads gets an integrity, and the policy's hash sources are exactly the
// page's inline scripts and those integrities. tests/integration/scripts/page-cache.test.ts and
// e2e/csp.spec.ts check the same on the real pages.

const distDir = mkdtempSync(path.join(tmpdir(), "cached-page-"));
mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
const CHUNKS = { "a.js": "console.log('a')", "b.js": "console.log('b')" };
for (const [name, body] of Object.entries(CHUNKS)) writeFileSync(path.join(distDir, "static", "chunks", name), body);
writeFileSync(path.join(distDir, "static", "chunks", "page.css"), "h1{color:red}");
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

const BOOT = "(self.__next_f=self.__next_f||[]).push([0])";
const DATA = 'self.__next_f.push([1,"1:\\u003cp\\u003e"])';

describe("scriptHashes", () => {
  it("names each inline script the page runs by its text's sha256, once", () => {
    const html =
      `<html><head><script>${BOOT}</script><script type="module">import("x")</script></head>` +
      `<body><SCRIPT id="_R_">${DATA}</SCRIPT><script>${BOOT}</script><script></script></body></html>`;
    expect(scriptHashes(html)).toEqual([sha256(BOOT), sha256('import("x")'), sha256(DATA), sha256("")]);
  });

  it("leaves out data blocks, and what only looks like a script inside a comment or a style", () => {
    const html =
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>' +
      "<!-- <script>commented()</script> -->" +
      "<style>a::after{content:'<script>styled()</script>'}</style>" +
      '<script type="text/plain">inert()</script><script type="text/javascript">run()</script>';
    expect(scriptHashes(html)).toEqual([sha256("run()")]);
  });

  it("names an external script by its integrity, and one without an integrity not at all", () => {
    const html =
      `<script src="/_next/static/chunks/a.js" integrity="${sha256(CHUNKS["a.js"])}" async=""></script>` +
      '<script src="https://elsewhere.example/x.js"></script>';
    expect(scriptHashes(html)).toEqual([sha256(CHUNKS["a.js"])]);
  });
});

describe("addScriptIntegrity", () => {
  it("gives the build's scripts and script preloads their file's sha256, and nothing else", async () => {
    const html =
      '<head><link rel="stylesheet" href="/_next/static/chunks/page.css"/>' +
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>' +
      '<link rel="preload" as="image" href="/_next/static/chunks/a.js"/></head>' +
      '<body><script src="/_next/static/chunks/a.js" async=""></script>' +
      '<script src="/_next/static/chunks/b.js?dpl=1" async></script></body>';
    const out = await addScriptIntegrity(html, { distDir });
    expect(out).toBe(
      '<head><link rel="stylesheet" href="/_next/static/chunks/page.css"/>' +
        `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js" integrity="${sha256(CHUNKS["b.js"])}"/>` +
        '<link rel="preload" as="image" href="/_next/static/chunks/a.js"/></head>' +
        `<body><script src="/_next/static/chunks/a.js" async="" integrity="${sha256(CHUNKS["a.js"])}"></script>` +
        `<script src="/_next/static/chunks/b.js?dpl=1" async integrity="${sha256(CHUNKS["b.js"])}"></script></body>`,
    );
  });

  it("keeps an integrity the page already has, and says which scripts it cannot hash", async () => {
    const warnings: string[] = [];
    const html =
      '<script src="/_next/static/chunks/a.js" integrity="sha384-given"></script>' +
      '<script src="/_next/static/chunks/missing.js"></script>' +
      '<script src="/_next/static/../../secret.js"></script>' +
      '<script src="https://elsewhere.example/x.js"></script>';
    expect(await addScriptIntegrity(html, { distDir, warn: (m) => warnings.push(m) })).toBe(html);
    expect(warnings).toEqual([
      expect.stringContaining("/_next/static/../../secret.js is not one of the build's files"),
      expect.stringContaining("https://elsewhere.example/x.js is not one of the build's files"),
      expect.stringMatching(/^no integrity for \/_next\/static\/chunks\/missing\.js: .*ENOENT/),
    ]);
  });
});

describe("withoutNonces", () => {
  it("drops the nonce of every script, style and link, and nothing else", () => {
    const html =
      '<link rel="preload" as="script" nonce="n0nce" href="/_next/static/chunks/a.js"/><style nonce=n0nce>a{}</style>' +
      `<script data-nonce="kept" nonce="n0nce" async="">${BOOT}</script><script NONCE='n0nce'>nonce="text"</script>`;
    expect(withoutNonces(html)).toBe(
      '<link rel="preload" as="script" href="/_next/static/chunks/a.js"/><style>a{}</style>' +
        `<script data-nonce="kept" async="">${BOOT}</script><script>nonce="text"</script>`,
    );
  });
});

describe("finishCachedPage", () => {
  it("returns the page with its critical CSS and integrities, and the hash of every script in it", async () => {
    const html =
      '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/_next/static/chunks/page.css" data-precedence="next"/></head>' +
      `<body><h1>Hi</h1><script src="/_next/static/chunks/a.js" async="" nonce="n0nce"></script><script nonce="n0nce">${BOOT}</script></body></html>`;
    const page = await finishCachedPage(html, { distDir });
    expect(page.html).toContain("<style>h1{color:red}</style>");
    expect(page.html).not.toContain("nonce");
    const inline = [...page.html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
    // The page's own script and the one that gives the stylesheet back its media.
    expect(inline).toHaveLength(2);
    expect(inline[1]).toContain("data-beasties-media");
    expect(page.hashes.sort()).toEqual([sha256(CHUNKS["a.js"]), ...inline.map(sha256)].sort());
  });
});
