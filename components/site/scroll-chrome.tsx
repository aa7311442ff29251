"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { isHeaderSolid, readingProgress } from "@/lib/site/shared/scroll-math";

// Writes to the DOM directly, throttled to animation frames, so scrolling never re-renders React.

export function ScrollChrome({ children }: { children: ReactNode }) {
  const headerRef = useRef<HTMLElement>(null);
  const barRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const root = document.documentElement;
      const header = headerRef.current;
      const bar = barRef.current;
      if (header) header.dataset.scrolled = String(isHeaderSolid(window.scrollY));
      if (bar) {
        const progress = readingProgress(window.scrollY, root.scrollHeight, window.innerHeight);
        bar.style.transform = `scaleX(${progress})`;
        bar.dataset.progress = progress.toFixed(3);
      }
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <>
      <div
        ref={barRef}
        data-testid="reading-progress"
        data-progress="0"
        aria-hidden="true"
        // A scale-x-* class sets the separate `scale` property, which multiplies with this one.
        style={{ transform: "scaleX(0)" }}
        className="reading-progress fixed inset-x-0 top-0 z-50 h-1 origin-left bg-brand"
      />
      <header
        ref={headerRef}
        data-scrolled="false"
        className="site-header fixed inset-x-0 top-0 z-40 border-b border-transparent transition-[background-color,box-shadow,border-color] duration-300"
      >
        {children}
      </header>
    </>
  );
}
