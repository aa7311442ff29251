// Critical CSS for the cached pages (README "Caching" and "Page speed"): the rules a page's own
// elements use are inlined in its <head>, and its stylesheet loads without holding back the first
// paint. On a phone's network that stylesheet cost the landing one more round trip before anything
// appeared (LCP 2.5× the bare Next.js page's). Next.js's own option for this
// (`experimental.optimizeCss`) serves the Pages Router only, and `experimental.inlineCss` copies
// the whole sheet into the HTML three times. Applied by the page cache (page-cache-handler.mjs),
// so it runs once per render of a cached page, not per request; pages rendered per request keep
// the plain link. The full sheet still loads, so state classes set later (dialogs, reveals) apply.
import path from "node:path";
import Beasties from "beasties";

/** The page's stylesheets are Next.js's build output: /_next/static/… is <distDir>/static/…. */
const PUBLIC_PATH = "/_next/";

function ignore() {}

/**
 * @param {string} distDir Next.js's build directory (`.next`; in the standalone build, its copy)
 * @param {(message: string) => void} [warn]
 */
function beastiesFor(distDir, warn) {
  return new Beasties({
    path: distDir,
    publicPath: PUBLIC_PATH,
    // "media-script": the link stays in <head> as media="print" (fetched, not render-blocking)
    // and one inline script at the end of <body> gives it back its media, with a <noscript> copy
    // for browsers without JavaScript. "body" (the link moved to the end of <body>) needs no
    // script, but Chrome stops the parser at an in-body stylesheet, which held DOMContentLoaded,
    // and with it hydration, until the sheet arrived (DOMContentLoaded 2.6 s against 1.1 s on the
    // landing, DevTools throttling).
    preload: "media-script",
    // That script is the page's only addition that must run: it gets the nonce Next.js gave the
    // page's own scripts, which the cached page's CSP allows (lib/site/server/page-nonce.ts).
    nonce: (document) => document.querySelector("script[nonce]")?.getAttribute("nonce") ?? undefined,
    // The @keyframes that inlined rules name, and no font faces (the site uses system fonts).
    keyframes: "critical",
    fonts: false,
    // Its warnings (a sheet it cannot read or parse) go to the caller, once a minute at most
    // (its default); its per-page timings nowhere.
    logger: {
      trace: ignore,
      debug: ignore,
      info: ignore,
      warn: (message) => warn?.(String(message)),
      error: (message) => warn?.(String(message)),
    },
  });
}

/**
 * A page's HTML with its critical CSS inlined, or the HTML unchanged when it links no stylesheet
 * of the build or the sheet cannot be read (the page then loads as before: link in <head>).
 * @param {string} html
 * @param {{ distDir: string, warn?: (message: string) => void }} options
 * @returns {Promise<string>}
 */
export async function inlineCriticalCss(html, { distDir, warn }) {
  if (!html.includes(`<link rel="stylesheet" href="${PUBLIC_PATH}`)) return html;
  try {
    const output = await beastiesFor(path.resolve(distDir), warn).process(html);
    // A sheet Beasties could not read stays linked where it was (and was reported through warn);
    // the page is then kept exactly as rendered.
    if (!output.includes("<style")) return html;
    // Beasties marks <html> as the container it searched; React would not render that attribute.
    return output.replace(/(<html\b[^>]*?) data-beasties-container(="")?/, "$1");
  } catch (error) {
    warn?.(`critical CSS skipped: ${error instanceof Error ? error.message : String(error)}`);
    return html;
  }
}
