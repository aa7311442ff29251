import { describe, expect, it } from "vitest";
import { pauseAfter, withBackoff } from "@/lib/platform/server/jobs/backoff-executor";

describe("the workers' database back-off", () => {
  it("pauses 1 s after the first failure, doubling to at most 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(pauseAfter)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("fails at once during the pause, tries again after it, and a success resets it", async () => {
    let clock = 0;
    let reachable = false;
    let calls = 0;
    const events: string[] = [];
    const executor = withBackoff(
      {
        executeSql: () => {
          calls += 1;
          const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
          return reachable ? Promise.resolve({ rows: [] }) : Promise.reject(refused);
        },
      },
      { now: () => clock, onDown: () => events.push("down"), onUp: (n) => events.push(`up after ${n}`) },
    );
    await expect(executor.executeSql("SELECT 1", [])).rejects.toThrow("ECONNREFUSED");
    await expect(executor.executeSql("SELECT 1", [])).rejects.toThrow("pausing");
    expect(calls).toBe(1);
    clock = 1_000;
    await expect(executor.executeSql("SELECT 1", [])).rejects.toThrow("ECONNREFUSED");
    expect(executor.state).toEqual({ failures: 2, until: 3_000 });
    clock = 3_000;
    reachable = true;
    await expect(executor.executeSql("SELECT 1", [])).resolves.toEqual({ rows: [] });
    expect(executor.state.failures).toBe(0);
    expect(events).toEqual(["down", "up after 2"]);
  });

  it("does not pause for an error in a statement: the database answered", async () => {
    const executor = withBackoff({
      executeSql: () =>
        Promise.reject(
          Object.assign(new Error('duplicate key value violates unique constraint "x"'), { code: "23505" }),
        ),
    });
    await expect(executor.executeSql("INSERT", [])).rejects.toThrow("duplicate key");
    expect(executor.state).toEqual({ failures: 0, until: 0 });
  });
});
