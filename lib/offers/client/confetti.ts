import confetti from "canvas-confetti";

// Celebration on offer buttons (spec §4, §9): confetti for 5 s, a fresh burst every 250 ms, and
// checkout navigation 500 ms after the click. Visitors who ask for reduced motion get no
// confetti, but the navigation still happens. canvas-confetti draws on one canvas it appends to
// <body>, which a client-side navigation keeps: leaving the page must stop the bursts and take
// the canvas away (stopConfetti), or it keeps falling over the checkout form (issue 10 item 6).

export const CONFETTI_DURATION_MS = 5_000;
export const CONFETTI_REFRESH_MS = 250;
export const NAVIGATE_AFTER_MS = 500;

let timer: number | null = null;
// canvas-confetti builds its worker on first use, so reset() is only called once it has run.
let started = false;

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function fireConfetti(): void {
  if (prefersReducedMotion()) return;
  stopConfetti();
  started = true;
  const burst = () =>
    void confetti({
      particleCount: 40,
      spread: 70,
      startVelocity: 35,
      origin: { x: 0.2 + Math.random() * 0.6, y: 0.6 },
      disableForReducedMotion: true,
    });
  const endsAt = Date.now() + CONFETTI_DURATION_MS;
  // Marks the celebration on <html> for its whole duration (the canvas itself comes and goes).
  document.documentElement.dataset.confetti = "on";
  burst();
  timer = window.setInterval(() => {
    // A visitor who switches reduced motion on meanwhile gets no further bursts.
    if (Date.now() < endsAt && !prefersReducedMotion()) return burst();
    if (timer !== null) window.clearInterval(timer);
    timer = null;
    delete document.documentElement.dataset.confetti;
  }, CONFETTI_REFRESH_MS);
}

/** Ends the bursts and the falling pieces at once and removes the canvas. Safe to call anytime. */
export function stopConfetti(): void {
  if (timer !== null) window.clearInterval(timer);
  timer = null;
  if (typeof document !== "undefined") delete document.documentElement.dataset.confetti;
  if (started) confetti.reset();
}
