import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inlineCriticalCss } from "@/scripts/lib/critical-css.mjs";

// The cached pages' critical CSS (scripts/lib/critical-css.mjs, README "Page speed"): the rules the
// page's elements use go into its <head>, the stylesheet loads as media="print" until a script
// (without a nonce: the page's policy names its hash) gives it back its media, and a page whose
// sheet cannot be read is kept exactly as rendered.

const distDir = mkdtempSync(path.join(tmpdir(), "critical-css-"));
mkdirSync(path.join(distDir, "static", "chunks"), { recursive: true });
writeFileSync(
  path.join(distDir, "static", "chunks", "page.css"),
  [
    ":root{--color-red:#dc2626}",
    ".hero{color:var(--color-red)}",
    ".hero:hover{color:black}",
    ".dialog-open{display:block}",
    "@media (min-width:768px){.hero{font-size:3rem}.sidebar{width:20rem}}",
    "@keyframes fade{from{opacity:0}to{opacity:1}}",
    ".fade{animation:fade 1s}",
    "@keyframes spin{to{transform:rotate(1turn)}}",
  ].join("\n"),
);
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const LINK = '<link rel="stylesheet" href="/_next/static/chunks/page.css" data-precedence="next"/>';
const page = (head: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${head}<title>T</title></head>` +
  `<body><h1 class="hero fade">Put AI to work</h1><script async="" src="/_next/static/chunks/a.js"></script></body></html>`;

const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const bodyOf = (html: string) => html.slice(html.indexOf("<body>"));

describe("inlineCriticalCss", () => {
  it("inlines the rules the page uses in <head> and loads the stylesheet without blocking the first paint", async () => {
    const out = await inlineCriticalCss(page(LINK), { distDir });
    const style = /<style[^>]*>(.*?)<\/style>/s.exec(headOf(out))?.[1] ?? "";
    expect(style).toContain("--color-red:#dc2626");
    expect(style).toContain(".hero{color:var(--color-red)}");
    expect(style).toContain(".hero:hover");
    expect(style).toMatch(/@media \(min-width:768px\)\{\.hero\{font-size:3rem\}\}/);
    expect(style).toContain("@keyframes fade");
    // Rules for elements the page does not have (yet) stay in the full sheet only.
    expect(style).not.toContain(".dialog-open");
    expect(style).not.toContain(".sidebar");
    expect(style).not.toContain("@keyframes spin");
    // Fetched at once but not render-blocking, then given back its media by the page's last
    // script, which carries no nonce; a <noscript> copy for the rest.
    expect(headOf(out)).toContain(
      '<link rel="stylesheet" href="/_next/static/chunks/page.css" data-precedence="next" media="print" data-beasties-media="all">' +
        '<noscript><link rel="stylesheet" href="/_next/static/chunks/page.css" data-precedence="next"></noscript>',
    );
    expect(bodyOf(out)).toMatch(/<script>[^<]*data-beasties-media[^<]*<\/script><\/body>/);
    expect(out).toMatch(/^<!DOCTYPE html><html lang="en"><head>/);
    expect(out).toContain('<h1 class="hero fade">Put AI to work</h1>');
  });

  it("keeps a page whose stylesheet cannot be read exactly as rendered, and says why", async () => {
    const html = page('<link rel="stylesheet" href="/_next/static/chunks/missing.css" data-precedence="next"/>');
    const warnings: string[] = [];
    expect(await inlineCriticalCss(html, { distDir, warn: (message) => warnings.push(message) })).toBe(html);
    expect(warnings.join("\n")).toMatch(/missing\.css/);
  });

  it("leaves a page that links no stylesheet of the build alone", async () => {
    for (const html of [page(""), page('<link rel="stylesheet" href="https://cdn.example/x.css"/>')]) {
      expect(await inlineCriticalCss(html, { distDir })).toBe(html);
    }
  });
});
