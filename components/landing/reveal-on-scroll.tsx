"use client";

import { useEffect } from "react";

// The hidden state applies only with scripting on and no reduced-motion preference, so without
// this island everything shows.

const THRESHOLDS = [0.1, 0.15] as const;

export function RevealOnScroll() {
  useEffect(() => {
    if (!("IntersectionObserver" in window)) {
      document.querySelectorAll<HTMLElement>("[data-reveal]").forEach((el) => el.setAttribute("data-revealed", ""));
      return;
    }
    const observers = THRESHOLDS.map((threshold) => {
      const observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            entry.target.setAttribute("data-revealed", "");
            observer.unobserve(entry.target);
          }
        },
        { threshold },
      );
      document
        .querySelectorAll<HTMLElement>(`[data-reveal="${threshold}"]`)
        .forEach((element) => observer.observe(element));
      return observer;
    });
    return () => observers.forEach((observer) => observer.disconnect());
  }, []);
  return null;
}
