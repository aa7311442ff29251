import type { OfferVariant } from "@/lib/experiments/shared/offer-variant";

// No personal data in these URLs: checkout reads the visitor from the signed cookie.

export const COURSE_CHECKOUT = "/checkout?product=ai-step-by-step";
export const bookCheckout = (upsell: boolean) => `/checkout?product=fast-forward-book&upsell=${upsell}`;
export const TEAM_SEATS_MIN = 1;
export const TEAM_SEATS_MAX = 50;

export function clampSeats(seats: number): number {
  return Number.isFinite(seats)
    ? Math.min(TEAM_SEATS_MAX, Math.max(TEAM_SEATS_MIN, Math.round(seats)))
    : TEAM_SEATS_MIN;
}

export const teamCheckout = (seats: number) => `/checkout-realtime-academy-metadata?seats=${clampSeats(seats)}`;
export const TEAM_TEST_CHECKOUT = "/checkout-realtime-academy-metadata?seats=1&product=team-training-test";

export const timesUpTarget = (variant: OfferVariant): string =>
  variant === "add-to-order" ? bookCheckout(true) : COURSE_CHECKOUT;

export const SAMPLE_VIDEO_URL = "/media/sample-video.webm";
