// In-memory page cache, empty at start (docs/decisions/0003): Next.js's own handler would serve pages
// prerendered with the build's environment, but configuration is read at run time.
// One copy per instance needs no shared store. Entries carry their critical CSS inlined and their
// Content-Security-Policy, written from the hashes of their scripts (docs/decisions/0013).
import path from "node:path";
import { finishCachedPage } from "./cached-page.mjs";

/**
 * The proxy gives any unknown address a fresh nonce, which its 404 render carries, so one kept copy
 * would be one request's page. Kept here: a dynamic root not-found.tsx would make every page dynamic.
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

const POLICY_HEADER = "content-security-policy";

/** Runs nothing, if the app never shared its policy (lib/site/server/cached-page-policy.ts). */
const NO_SCRIPTS_POLICY =
  "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** @returns {((hashes: string[]) => string) | undefined} the run-time configuration's policy, shared by instrumentation.ts */
function sharedPolicy() {
  const build = globalThis[Symbol.for("fast-forward.cached-page-policy")];
  return typeof build === "function" ? build : undefined;
}

/**
 * Finishes a rendered page in place: Next.js answers the request whose render fills the cache with
 * this same object, so that answer too is the stored bytes under their policy. An entry that
 * already has its policy (a kept copy put back after a failed revalidation) is left as it is.
 * @returns {Promise<boolean>} whether the page may be kept
 */
async function finishPage(value, distDir) {
  if (typeof value.headers?.[POLICY_HEADER] === "string") return true;
  const policy = sharedPolicy();
  if (!policy || !distDir) {
    warn(
      "no page policy was shared (instrumentation.ts), or no build to hash: the page is sent with its scripts blocked",
    );
    value.headers = { ...value.headers, [POLICY_HEADER]: NO_SCRIPTS_POLICY };
    return false;
  }
  const page = await finishCachedPage(value.html, { distDir, warn });
  value.html = page.html;
  value.headers = { ...value.headers, [POLICY_HEADER]: policy(page.hashes) };
  return true;
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
    const page = value.kind === "APP_PAGE" && typeof value.html === "string" && !this.dev;
    if (page && !(await finishPage(value, this.distDir))) {
      entries.delete(key);
      return;
    }
    entries.delete(key);
    // A Map iterates in insertion order, and a write re-inserts its key: oldest out first.
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value);
    entries.set(key, { value, lastModified: Date.now(), tags: tagsOf(value, ctx) });
  }

  async revalidateTag(tags) {
    const wanted = new Set(typeof tags === "string" ? [tags] : tags);
    for (const [key, entry] of entries) {
      if (entry.tags.some((tag) => wanted.has(tag))) entries.delete(key);
    }
  }

  resetRequestCache() {}
}
