// What the page cache does once to a page it stores (docs/decisions/0003, 0013): inline its critical
// CSS, give each build chunk it loads an `integrity`, and list the sha256 source of every script
// it runs, from which its Content-Security-Policy is written. The page renders without a nonce, so
// nothing in its bytes lets an injected script run.
//
// The HTML is React's and Next.js's own output, read with the tokenizer's rules for what it holds:
// comments, and the raw text of <script> and <style> up to their end tag (React and Next.js escape
// `</script` and `<!--` inside their inline scripts), which is, unchanged, what a browser hashes.
// tests/integration/scripts/page-cache.test.ts checks the result with an HTML parser and
// e2e/csp.spec.ts with the browser's own.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { inlineCriticalCss } from "./critical-css.mjs";

const BUILD_ASSETS = "/_next/static/";

/** Attribute values may hold `>` inside quotes. */
const ATTRIBUTES = String.raw`((?:[^>"']|"[^"]*"|'[^']*')*)`;
const TOKEN = new RegExp(
  String.raw`<!--[\s\S]*?-->|<(script|style)\b${ATTRIBUTES}>([\s\S]*?)(<\/\1[\s/>])|<link\b${ATTRIBUTES}>`,
  "gi",
);
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * The types a browser runs (HTML's JavaScript MIME types, modules, import maps, speculation
 * rules); any other type is a data block, such as the JSON-LD, which CSP does not apply to.
 */
const RUN_TYPES =
  /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:java|ecma)script|text\/javascript1\.[0-5]|text\/(?:jscript|livescript))$/;

const HASH_SOURCE = /^sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

/** @param {string} source the attributes of a start tag */
function attributesOf(source) {
  const attributes = new Map();
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    const key = name.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, double ?? single ?? bare ?? "");
  }
  return attributes;
}

function runs(attributes) {
  const type = (attributes.get("type") ?? "").split(";")[0].trim().toLowerCase();
  return RUN_TYPES.test(type);
}

/** The URL a <script> or script preload loads, if it loads one. */
function scriptUrl(tag, attributes) {
  if (tag === "script") return runs(attributes) ? attributes.get("src") : undefined;
  if (tag !== "link") return undefined;
  const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
  const preload =
    rel.includes("modulepreload") ||
    (rel.includes("preload") && (attributes.get("as") ?? "").toLowerCase() === "script");
  return preload ? attributes.get("href") : undefined;
}

/**
 * Calls `visit` for each <script> and <style> (with its text) and <link> start tag; what it
 * returns replaces the start tag.
 * @param {(tag: "script" | "style" | "link", attributes: Map<string, string>, startTag: string, text?: string) => string} visit
 */
function eachStartTag(html, visit) {
  return html.replace(TOKEN, (match, raw, rawAttributes, text, end, linkAttributes) => {
    if (linkAttributes !== undefined) return visit("link", attributesOf(linkAttributes), match);
    if (raw === undefined) return match;
    const startTag = match.slice(0, match.length - text.length - end.length);
    return visit(raw.toLowerCase(), attributesOf(rawAttributes), startTag, text) + text + end;
  });
}

const NONCE_ATTRIBUTE = /\s+nonce(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?(?=[\s/>])/i;

/**
 * Drops any `nonce` attribute: a cached page renders without one, but should a render started by
 * another method (to which the proxy gives a nonce) fill the cache, its nonce is not kept.
 */
export function withoutNonces(html) {
  return eachStartTag(html, (tag, attributes, startTag) =>
    attributes.has("nonce") ? startTag.replace(NONCE_ATTRIBUTE, "") : startTag,
  );
}

export function sha256Source(text) {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

/** The file a same-origin build URL names, or undefined for anything else. */
function buildFile(url, distDir) {
  if (!url.startsWith(BUILD_ASSETS)) return undefined;
  const staticDir = path.resolve(distDir, "static");
  const file = path.resolve(staticDir, decodeURIComponent(url.split(/[?#]/)[0].slice(BUILD_ASSETS.length)));
  return file.startsWith(staticDir + path.sep) ? file : undefined;
}

/** Chunk names carry their content's hash, so a file's digest never changes within a build. */
const digests = new Map();

function digestOf(file) {
  let digest = digests.get(file);
  if (!digest) {
    digest = readFile(file).then((bytes) => sha256Source(bytes));
    digests.set(file, digest);
    digest.catch(() => digests.delete(file));
  }
  return digest;
}

/**
 * Gives every <script src> and script preload of the build an `integrity` with its file's sha256:
 * under 'strict-dynamic' a parser-inserted external script runs only when the policy names the
 * hash its `integrity` declares (CSP3; Chrome 59, Firefox 116, Safari 15.6).
 */
export async function addScriptIntegrity(html, { distDir, warn }) {
  const files = new Map();
  eachStartTag(html, (tag, attributes, startTag) => {
    const url = scriptUrl(tag, attributes);
    if (url === undefined || attributes.has("integrity")) return startTag;
    const file = buildFile(url, distDir);
    if (file) files.set(url, file);
    else warn?.(`${url} is not one of the build's files: the page's policy cannot allow it`);
    return startTag;
  });
  const integrity = new Map();
  await Promise.all(
    [...files].map(async ([url, file]) => {
      try {
        integrity.set(url, await digestOf(file));
      } catch (error) {
        warn?.(`no integrity for ${url}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
  if (integrity.size === 0) return html;
  return eachStartTag(html, (tag, attributes, startTag) => {
    const url = scriptUrl(tag, attributes);
    const value = url === undefined || attributes.has("integrity") ? undefined : integrity.get(url);
    if (value === undefined) return startTag;
    const close = startTag.endsWith("/>") ? "/>" : ">";
    return `${startTag.slice(0, -close.length).trimEnd()} integrity="${value}"${close}`;
  });
}

/**
 * The sha256 source of every script the page runs: an inline script's text, an external one's
 * `integrity` (an external script without one gets none, and stays blocked).
 */
export function scriptHashes(html) {
  const hashes = new Set();
  eachStartTag(html, (tag, attributes, startTag, text) => {
    if (tag !== "script" || !runs(attributes)) return startTag;
    if (!attributes.has("src")) hashes.add(sha256Source(text));
    else
      for (const token of (attributes.get("integrity") ?? "").split(/\s+/))
        if (HASH_SOURCE.test(token)) hashes.add(token);
    return startTag;
  });
  return [...hashes];
}

/**
 * The page as the cache keeps and sends it, and the hash sources its policy names.
 * @returns {Promise<{ html: string, hashes: string[] }>}
 */
export async function finishCachedPage(html, { distDir, warn }) {
  const styled = await inlineCriticalCss(withoutNonces(html), { distDir, warn });
  const finished = await addScriptIntegrity(styled, { distDir, warn });
  return { html: finished, hashes: scriptHashes(finished) };
}
