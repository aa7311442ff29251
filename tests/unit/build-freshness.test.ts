import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIsStale } from "../../scripts/lib/build-freshness";
import { FAST_ROUTES_BUNDLE } from "../../scripts/lib/fast-routes-bundle";

function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), "freshness-"));
  mkdirSync(path.join(root, "app"));
  writeFileSync(path.join(root, "app/page.tsx"), "x");
  return root;
}

describe("buildIsStale", () => {
  it("is stale without a build", () => {
    expect(buildIsStale(project())).toBe(true);
  });

  it("is stale when Next.js built but the fast-routes bundle is missing", () => {
    const root = project();
    mkdirSync(path.join(root, ".next"));
    writeFileSync(path.join(root, ".next/BUILD_ID"), "id");
    expect(buildIsStale(root)).toBe(true);
  });

  it("is fresh when the build is newer than every source, stale once a source changes", () => {
    const root = project();
    mkdirSync(path.join(root, ".next/funnel"), { recursive: true });
    writeFileSync(path.join(root, ".next/BUILD_ID"), "id");
    writeFileSync(path.join(root, FAST_ROUTES_BUNDLE), "export {}");
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root, "app/page.tsx"), past, past);
    utimesSync(path.join(root, "app"), past, past);
    expect(buildIsStale(root)).toBe(false);
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "app/page.tsx"), future, future);
    expect(buildIsStale(root)).toBe(true);
  });
});
