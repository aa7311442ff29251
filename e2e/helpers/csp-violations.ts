import { expect, type Page } from "@playwright/test";

// Everything the browser reports about the Content-Security-Policy while a test walks: the
// `securitypolicyviolation` events of every document and frame (collected through a binding, so
// they survive navigations) and the console lines Chromium prints for blocked loads.

export type CspViolation = { url: string; directive: string; blocked: string; sample: string };

export type CspWatch = { violations: CspViolation[]; consoleLines: string[] };

export async function watchCsp(page: Page): Promise<CspWatch> {
  const watch: CspWatch = { violations: [], consoleLines: [] };
  await page.exposeFunction("__reportCspViolation", (violation: CspViolation) => {
    watch.violations.push(violation);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation;
    document.addEventListener("securitypolicyviolation", (event) => {
      report({
        url: event.documentURI,
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  page.on("console", (message) => {
    if (/content[ -]security[ -]policy/i.test(message.text())) watch.consoleLines.push(message.text());
  });
  return watch;
}

export function expectNoCspViolations(csp: CspWatch): void {
  expect(csp.violations, "securitypolicyviolation events").toEqual([]);
  expect(csp.consoleLines, "CSP console messages").toEqual([]);
}
