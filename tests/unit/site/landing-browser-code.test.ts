import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The landing pages must not ship zod to the browser: follow their import graph, not a list.

const root = path.resolve(import.meta.dirname, "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const code = (file: string) =>
  read(file)
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");

// The modules a file imports at run time (type-only imports are erased).
function valueImports(file: string): string[] {
  const source = code(file);
  const found: string[] = [];
  for (const m of source.matchAll(/\b(?:import|export)\s+(type\s+)?([\w$*{}\s,]+?)\s+from\s*"([^"]+)"/g)) {
    const clause = (m[2] ?? "").trim();
    const allTypes =
      /^\{[\s\S]*\}$/.test(clause) &&
      clause
        .slice(1, -1)
        .split(",")
        .filter((s) => s.trim())
        .every((s) => s.trim().startsWith("type "));
    if (!m[1] && !allTypes) found.push(m[3] ?? "");
  }
  for (const m of source.matchAll(/\bimport\s*\(?\s*"([^"]+)"/g)) found.push(m[1] ?? "");
  return found;
}

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.posix.join(path.posix.dirname(from), specifier)
      : null;
  if (base === null) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => existsSync(path.join(root, candidate)) && candidate.includes(".")) ?? null;
}

/** Every module of `page` that runs in the browser: 'use client' modules and all they import. */
function browserModules(page: string): string[] {
  const seen = new Map<string, boolean>();
  const visit = (file: string, inBrowser: boolean) => {
    const browser = inBrowser || /^\s*["']use client["']/.test(code(file));
    if (seen.get(file) === true || (seen.has(file) && !browser)) return;
    seen.set(file, browser);
    for (const specifier of valueImports(file)) {
      const target = resolve(file, specifier);
      if (target && /\.tsx?$/.test(target)) visit(target, browser);
    }
  };
  visit(page, false);
  return [...seen].filter(([, browser]) => browser).map(([file]) => file);
}

// zod would add about 34 KB of compressed JavaScript to / and /paid (npm run bench:pages measured
// it: floor + 47 KB against a 45 KB budget), so their browser code may import zod's types only.
describe("the landing pages' browser code", () => {
  // `/` is app/landing/[variant] (proxy.ts rewrites it there, one cached page per variant).
  it.each(["app/landing/[variant]/page.tsx", "app/paid/page.tsx"])("%s imports no zod at run time", (page) => {
    const modules = browserModules(page);
    expect(modules.some((file) => /^lib\/[^/]+\/client\//.test(file))).toBe(true);
    expect(modules.filter((file) => valueImports(file).includes("zod"))).toEqual([]);
  });
});
