// Inlines each cached page's critical CSS and loads its stylesheet without blocking first paint
// (docs/decisions/0003). Runs once per cached render; the full sheet still loads for later state classes.
import path from "node:path";
import Beasties from "beasties";

const PUBLIC_PATH = "/_next/";

function ignore() {}

function beastiesFor(distDir, warn) {
  return new Beasties({
    path: distDir,
    publicPath: PUBLIC_PATH,
    // "media-script" keeps the link in <head>; "body" stalls the parser and so DOMContentLoaded.
    preload: "media-script",
    // Its one added script carries no nonce: the page's policy names its hash (./cached-page.mjs).
    // No font faces: the site uses system fonts.
    keyframes: "critical",
    fonts: false,
    logger: {
      trace: ignore,
      debug: ignore,
      info: ignore,
      warn: (message) => warn?.(String(message)),
      error: (message) => warn?.(String(message)),
    },
  });
}

/** Returns the HTML unchanged when it links no build stylesheet or the sheet cannot be read. */
export async function inlineCriticalCss(html, { distDir, warn }) {
  if (!html.includes(`<link rel="stylesheet" href="${PUBLIC_PATH}`)) return html;
  try {
    const output = await beastiesFor(path.resolve(distDir), warn).process(html);
    if (!output.includes("<style")) return html;
    // React would not render Beasties' container attribute.
    return output.replace(/(<html\b[^>]*?) data-beasties-container(="")?/, "$1");
  } catch (error) {
    warn?.(`critical CSS skipped: ${error instanceof Error ? error.message : String(error)}`);
    return html;
  }
}
