// A UUID in local storage, reused while under 30 minutes old (docs/product.md#funnel-session).

export const SESSION_LIFETIME_MS = 30 * 60 * 1000;
export const STORAGE_KEYS = {
  id: "ff_funnel_session_id",
  startedAt: "ff_funnel_session_ts",
  contactId: "contactId",
} as const;

export type FunnelSessionIds = { sessionId: string; contactId: string; isNew: boolean; temporary: boolean };
type StorageLike = Pick<Storage, "getItem" | "setItem">;

export function isSessionFresh(startedAt: number, now: number): boolean {
  return Number.isFinite(startedAt) && now - startedAt >= 0 && now - startedAt < SESSION_LIFETIME_MS;
}

let temporaryId: string | undefined;

/** Pure core, so the lifetime rule is testable with any storage, clock and id source. */
export function resolveFunnelSession(storage: StorageLike | null, now: number, newId: () => string): FunnelSessionIds {
  try {
    if (!storage) throw new Error("no storage");
    const id = storage.getItem(STORAGE_KEYS.id);
    const startedAt = Number(storage.getItem(STORAGE_KEYS.startedAt));
    if (id && isSessionFresh(startedAt, now)) {
      return {
        sessionId: id,
        contactId: storage.getItem(STORAGE_KEYS.contactId) || id,
        isNew: false,
        temporary: false,
      };
    }
    const fresh = newId();
    storage.setItem(STORAGE_KEYS.id, fresh);
    storage.setItem(STORAGE_KEYS.startedAt, String(now));
    storage.setItem(STORAGE_KEYS.contactId, fresh);
    return { sessionId: fresh, contactId: fresh, isNew: true, temporary: false };
  } catch {
    temporaryId ??= `tmp-${newId()}`;
    return { sessionId: temporaryId, contactId: temporaryId, isNew: false, temporary: true };
  }
}

function browserStorage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getFunnelSession(): FunnelSessionIds {
  return resolveFunnelSession(browserStorage(), Date.now(), () => crypto.randomUUID());
}
