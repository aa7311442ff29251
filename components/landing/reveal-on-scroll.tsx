"use client";

import { useEffect } from "react";

// Sections marked data-reveal fade and slide in once 10 % or 15 % of them is visible (spec §9).
// The hidden state lives in CSS that applies only when scripting is on and the visitor has not
// asked for reduced motion, so without this island (or with reduced motion) everything shows.

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
