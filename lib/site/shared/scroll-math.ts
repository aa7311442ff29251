// Scroll-driven chrome on the sales pages (spec §2, §9): the header turns solid past 50 px and the
// reading-progress bar follows the scroll position.

export const HEADER_SCROLL_THRESHOLD_PX = 50;

export function isHeaderSolid(scrollY: number): boolean {
  return scrollY > HEADER_SCROLL_THRESHOLD_PX;
}

/** Share of the page scrolled, 0..1. A page shorter than the viewport counts as fully read. */
export function readingProgress(scrollTop: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 1;
  return Math.min(1, Math.max(0, scrollTop / scrollable));
}
