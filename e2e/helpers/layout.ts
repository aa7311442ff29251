import { expect, type Locator, type Page } from "@playwright/test";

// What a person sees of a layout, measured in the browser: horizontal page scroll, text lines.

/** The page's width against the viewport's, and the elements that stick out past its right edge. */
export async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > viewport + 0.5)
      .slice(0, 5)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`);
    return { scrollWidth: document.documentElement.scrollWidth, viewport, culprits };
  });
}

/** No horizontal scroll: the page is no wider than the screen (the culprits are named on failure). */
export async function expectNoHorizontalOverflow(page: Page, label = page.url()) {
  const { scrollWidth, viewport, culprits } = await horizontalOverflow(page);
  expect(
    scrollWidth,
    `${label} is ${scrollWidth} px wide on a ${viewport} px screen: ${culprits.join(", ")}`,
  ).toBeLessThanOrEqual(viewport);
}

/** The text of each rendered line of an element, as the reader sees it broken. */
export async function renderedLines(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        const last = lines.at(-1);
        if (last && Math.abs(rect.top - last.top) < rect.height / 2) last.text += text[i];
        else lines.push({ top: rect.top, text: text[i] ?? "" });
      }
    }
    return lines.map((line) => line.text);
  });
}

/** Rendered box and how many lines of its own text it holds (height over line height, padding excluded). */
export async function box(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const inner = rect.height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return {
      left: rect.left,
      right: rect.right,
      top: rect.top,
      bottom: rect.bottom,
      width: rect.width,
      lines: Math.round(inner / parseFloat(style.lineHeight)),
      /** Everything inside is shown: no part of it is scrolled away. */
      whole: element.scrollWidth <= element.clientWidth,
      viewport: document.documentElement.clientWidth,
    };
  });
}
