// In-memory page cache, empty at start (docs/decisions/0003): Next.js's own handler would serve pages
// prerendered with the build's environment, but configuration is read at run time.
// One copy per instance needs no shared store. Entries carry their critical CSS inlined.
import path from "node:path";
import { inlineCriticalCss } from "./critical-css.mjs";

/**
 * Every 404 gets a fresh CSP nonce, so one cached copy would have its scripts blocked. Kept here:
 * a dynamic root not-found.tsx would make every page dynamic.
 */
const NEVER_STORED = ["/_not-found", "/_global-error"];

function neverStored(key) {
  return NEVER_STORED.some((page) => key === page || key.endsWith(`$${page}`));
}

const MAX_ENTRIES = 500;

/** @type {Map<string, { value: unknown, lastModified: number, tags: string[] }>} */
const entries = new Map();

function tagsOf(value, ctx) {
  const header = value?.headers?.["x-next-cache-tags"];
  const fromHeader = typeof header === "string" ? header.split(",") : [];
  return [...fromHeader, ...(Array.isArray(ctx?.tags) ? ctx.tags : [])];
}

/** Next.js loads this file outside the app's bundle, so it cannot import the logger. */
function warn(message) {
  const logger = globalThis[Symbol.for("fast-forward.logger")];
  if (logger && typeof logger.warn === "function") logger.warn({ component: "page-cache" }, message);
  else console.warn(`[page-cache] ${message}`);
}

export default class PageCacheHandler {
  /** @param {{ serverDistDir?: string, dev?: boolean }} options Next.js's, per request */
  constructor(options = {}) {
    this.distDir = options.serverDistDir ? path.dirname(options.serverDistDir) : undefined;
    this.dev = Boolean(options.dev);
  }

  async get(key) {
    const entry = entries.get(key);
    return entry ? { value: entry.value, lastModified: entry.lastModified } : null;
  }

  async set(key, value, ctx) {
    if (value === null || neverStored(key)) {
      entries.delete(key);
      return;
    }
    // Before the old copy goes, so the page is never missing from the cache.
    const stored =
      value.kind === "APP_PAGE" && typeof value.html === "string" && this.distDir && !this.dev
        ? { ...value, html: await inlineCriticalCss(value.html, { distDir: this.distDir, warn }) }
        : value;
    entries.delete(key);
    // A Map iterates in insertion order, and a write re-inserts its key: oldest out first.
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value);
    entries.set(key, { value: stored, lastModified: Date.now(), tags: tagsOf(value, ctx) });
  }

  async revalidateTag(tags) {
    const wanted = new Set(typeof tags === "string" ? [tags] : tags);
    for (const [key, entry] of entries) {
      if (entry.tags.some((tag) => wanted.has(tag))) entries.delete(key);
    }
  }

  resetRequestCache() {}
}
