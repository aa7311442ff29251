import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildIsStale } from "../../../scripts/lib/build-freshness";

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

  it("is fresh when the build is newer than every source, stale once a source changes", () => {
    const root = project();
    mkdirSync(path.join(root, ".next"));
    writeFileSync(path.join(root, ".next/BUILD_ID"), "id");
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root, "app/page.tsx"), past, past);
    utimesSync(path.join(root, "app"), past, past);
    expect(buildIsStale(root)).toBe(false);
    const future = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "app/page.tsx"), future, future);
    expect(buildIsStale(root)).toBe(true);
  });
});
