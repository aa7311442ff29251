// Next.js's cache for the cacheable pages (next.config.ts `cacheHandler`; README "Caching"):
// in this process's memory, and EMPTY at start. Next.js's own handler would first serve the
// pages `next build` prerendered, which were rendered with the build's environment (SITE_URL,
// PROVIDER_*, VIDEO_URL…); the configuration is read at run time (lib/platform/server/config.ts),
// so here each page is rendered by its first request after the start and kept from then on, and
// refreshed in the background once older than its revalidate time (app/layout.tsx).
// One copy per instance: N instances render each page N times per period, which is cheap, and
// need no shared store.
// A page's HTML is stored with its critical CSS inlined (critical-css.mjs): every answer from the
// cache has it; the answer to the request whose render filled the cache goes out as rendered.
import path from "node:path";
import { inlineCriticalCss } from "./critical-css.mjs";

/**
 * Answers that must render per request though Next.js would cache them: the 404 page answers any
 * unknown address, which proxy.ts gives a fresh CSP nonce each, so one cached copy (with the first
 * request's nonce on its scripts) would have its scripts blocked on every later 404. Kept here
 * because a root not-found.tsx that made itself dynamic would make every page dynamic (it is
 * rendered into each page's payload as the not-found boundary).
 */
const NEVER_STORED = ["/_not-found", "/_global-error"];

/** Next.js keys a page as `/route-cache/<kind>/<route hash>/$<path>` (server/lib/route-cache-key.js). */
function neverStored(key) {
  return NEVER_STORED.some((page) => key === page || key.endsWith(`$${page}`));
}

/** Far above the pages there are (two landing variants, a dozen others, their RSC payloads). */
const MAX_ENTRIES = 500;

/** @type {Map<string, { value: unknown, lastModified: number, tags: string[] }>} */
const entries = new Map();

function tagsOf(value, ctx) {
  const header = value?.headers?.["x-next-cache-tags"];
  const fromHeader = typeof header === "string" ? header.split(",") : [];
  return [...fromHeader, ...(Array.isArray(ctx?.tags) ? ctx.tags : [])];
}

/**
 * Warnings reach the app's logger when instrumentation.ts has registered it (Next.js loads this
 * file outside the app's bundle, so it cannot import it), else the console.
 * @param {string} message
 */
function warn(message) {
  const logger = globalThis[Symbol.for("fast-forward.logger")];
  if (logger && typeof logger.warn === "function") logger.warn({ component: "page-cache" }, message);
  else console.warn(`[page-cache] ${message}`);
}

export default class PageCacheHandler {
  /** @param {{ serverDistDir?: string, dev?: boolean }} options Next.js's, per request */
  constructor(options = {}) {
    // serverDistDir is <distDir>/server; the stylesheets are under <distDir>/static.
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
    // Before the old copy goes, so the page is never missing from the cache while this runs.
    const stored =
      value.kind === "APP_PAGE" && typeof value.html === "string" && this.distDir && !this.dev
        ? { ...value, html: await inlineCriticalCss(value.html, { distDir: this.distDir, warn }) }
        : value;
    entries.delete(key);
    // Oldest first out: a Map iterates in insertion order, and a write re-inserts its key.
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
