export const HEADER_SCROLL_THRESHOLD_PX = 50;

export function isHeaderSolid(scrollY: number): boolean {
  return scrollY > HEADER_SCROLL_THRESHOLD_PX;
}

/** A page shorter than the viewport counts as fully read. */
export function readingProgress(scrollTop: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 1;
  return Math.min(1, Math.max(0, scrollTop / scrollable));
}
