import { describe, expect, it, vi } from "vitest";
import { processCache } from "@/lib/platform/server/process-cache";

describe("processCache", () => {
  it("loads once per key within the time to live, and again after it", async () => {
    const load = vi.fn((key: string) => Promise.resolve(`${key}:${load.mock.calls.length}`));
    const cache = processCache("unit-ttl", 1_000, load);
    expect(await cache.read("a", 0)).toBe("a:1");
    expect(await cache.read("a", 999)).toBe("a:1");
    expect(await cache.read("b", 999)).toBe("b:2");
    expect(await cache.read("a", 1_000)).toBe("a:3");
  });

  it("does not keep a failed load, and forget drops every key", async () => {
    let fail = true;
    const load = vi.fn(() => (fail ? Promise.reject(new Error("down")) : Promise.resolve("up")));
    const cache = processCache("unit-fail", 60_000, load);
    await expect(cache.read(null, 0)).rejects.toThrow("down");
    fail = false;
    expect(await cache.read(null, 1)).toBe("up");
    expect(await cache.read(null, 2)).toBe("up");
    expect(load).toHaveBeenCalledTimes(2);
    cache.forget();
    await cache.read(null, 3);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("is shared by every copy of the module, as route and page bundles each have one", async () => {
    const first = processCache("unit-shared", 60_000, () => Promise.resolve("first"));
    expect(await first.read(null, 0)).toBe("first");
    vi.resetModules();
    const copy = await import("@/lib/platform/server/process-cache");
    const second = copy.processCache("unit-shared", 60_000, () => Promise.resolve("second"));
    expect(await second.read(null, 1)).toBe("first");
    second.forget();
    expect(await second.read(null, 2)).toBe("second");
    expect(await first.read(null, 3)).toBe("second");
  });
});
