import { describe, expect, it } from "vitest";
import {
  isSessionFresh,
  resolveFunnelSession,
  SESSION_LIFETIME_MS,
  STORAGE_KEYS,
} from "@/lib/leads/client/client-session";
import { readUtm } from "@/lib/leads/shared/utm";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const MINUTE = 60_000;
let counter = 0;
const newId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`;

describe("funnel session lifetime", () => {
  it("is fresh under 30 minutes and stale from 30 minutes on", () => {
    expect(SESSION_LIFETIME_MS).toBe(30 * MINUTE);
    expect(isSessionFresh(0, 29 * MINUTE)).toBe(true);
    expect(isSessionFresh(0, 30 * MINUTE)).toBe(false);
    expect(isSessionFresh(0, 31 * MINUTE)).toBe(false);
    expect(isSessionFresh(Number.NaN, 0)).toBe(false);
  });

  it("reuses a 29-minute-old session", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.id]: "old-session-id",
      [STORAGE_KEYS.startedAt]: "0",
      [STORAGE_KEYS.contactId]: "old-session-id",
    });
    expect(resolveFunnelSession(storage, 29 * MINUTE, newId)).toEqual({
      sessionId: "old-session-id",
      contactId: "old-session-id",
      isNew: false,
      temporary: false,
    });
  });

  it("replaces a 31-minute-old session and sets contactId to the new id", () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.id]: "old-session-id",
      [STORAGE_KEYS.startedAt]: "0",
      [STORAGE_KEYS.contactId]: "old-session-id",
    });
    const session = resolveFunnelSession(storage, 31 * MINUTE, newId);
    expect(session.isNew).toBe(true);
    expect(session.sessionId).not.toBe("old-session-id");
    expect(session.contactId).toBe(session.sessionId);
    expect(storage.data.get(STORAGE_KEYS.startedAt)).toBe(String(31 * MINUTE));
    expect(storage.data.get(STORAGE_KEYS.contactId)).toBe(session.sessionId);
  });

  it("uses one temporary id when storage is unavailable", () => {
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => undefined,
    };
    const first = resolveFunnelSession(broken, 0, newId);
    expect(first.temporary).toBe(true);
    expect(first.sessionId).toMatch(/^tmp-/);
    expect(resolveFunnelSession(null, 0, newId).sessionId).toBe(first.sessionId);
  });
});

describe("readUtm", () => {
  it("reads the five parameters with empty strings when absent", () => {
    expect(readUtm("?utm_source=news&utm_campaign=launch&x=1")).toEqual({
      utm_source: "news",
      utm_medium: "",
      utm_campaign: "launch",
      utm_term: "",
      utm_content: "",
    });
    expect(readUtm("")).toEqual({ utm_source: "", utm_medium: "", utm_campaign: "", utm_term: "", utm_content: "" });
  });
});
