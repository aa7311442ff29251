import "server-only";

// Values read on every render and changed rarely, kept per process for ttlMs. On globalThis:
// Next.js bundles route handlers and pages apart, each with its own copy of a module, and a change
// made by a route must also clear the copy the cached pages render with.

type Entry<V> = { at: number; value: Promise<V> };

export type ProcessCache<K, V> = {
  /** The cached value, or a fresh load once it is older than ttlMs; a failed load is not kept. */
  read(key: K, now?: number): Promise<V>;
  /** So this instance sees a change it made itself at once. */
  forget(): void;
};

const shared = globalThis as unknown as { fastForwardCaches?: Map<string, Map<unknown, Entry<unknown>>> };
const caches = (shared.fastForwardCaches ??= new Map<string, Map<unknown, Entry<unknown>>>());

export function processCache<K, V>(name: string, ttlMs: number, load: (key: K) => Promise<V>): ProcessCache<K, V> {
  const entries = (): Map<K, Entry<V>> => {
    let map = caches.get(name);
    if (!map) caches.set(name, (map = new Map<unknown, Entry<unknown>>()));
    // Each name belongs to one call site, so its entries are of that site's types.
    return map as Map<K, Entry<V>>;
  };
  return {
    read(key, now = Date.now()) {
      const map = entries();
      const hit = map.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const value = load(key);
      const entry = { at: now, value };
      map.set(key, entry);
      value.catch(() => {
        if (map.get(key) === entry) map.delete(key);
      });
      return value;
    },
    forget() {
      entries().clear();
    },
  };
}
