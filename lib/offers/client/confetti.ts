import confetti from "canvas-confetti";

// Celebration on offer buttons (spec §4, §9): confetti for 5 s, a fresh burst every 250 ms, and
// checkout navigation 500 ms after the click. Visitors who ask for reduced motion get no
// confetti, but the navigation still happens.

export const CONFETTI_DURATION_MS = 5_000;
export const CONFETTI_REFRESH_MS = 250;
export const NAVIGATE_AFTER_MS = 500;

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function fireConfetti(): void {
  if (prefersReducedMotion()) return;
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
  const root = document.documentElement;
  root.dataset.confetti = "on";
  burst();
  const timer = window.setInterval(() => {
    if (Date.now() < endsAt) return burst();
    window.clearInterval(timer);
    delete root.dataset.confetti;
  }, CONFETTI_REFRESH_MS);
}

export function celebrateThen(navigate: () => void): void {
  fireConfetti();
  window.setTimeout(navigate, NAVIGATE_AFTER_MS);
}
