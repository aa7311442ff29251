import confetti from "canvas-confetti";

// canvas-confetti's canvas survives a client-side navigation: leaving must stop the bursts and
// remove it (stopConfetti). Reduced motion: no confetti, same navigation. docs/product.md#one-time-offer.

export const CONFETTI_DURATION_MS = 5_000;
export const CONFETTI_REFRESH_MS = 250;
export const NAVIGATE_AFTER_MS = 500;

let timer: number | null = null;
// canvas-confetti builds its worker on first use, so reset() only once it has run.
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
  document.documentElement.dataset.confetti = "on";
  burst();
  timer = window.setInterval(() => {
    if (Date.now() < endsAt && !prefersReducedMotion()) return burst();
    if (timer !== null) window.clearInterval(timer);
    timer = null;
    delete document.documentElement.dataset.confetti;
  }, CONFETTI_REFRESH_MS);
}

export function stopConfetti(): void {
  if (timer !== null) window.clearInterval(timer);
  timer = null;
  if (typeof document !== "undefined") delete document.documentElement.dataset.confetti;
  if (started) confetti.reset();
}
