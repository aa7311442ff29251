// Where an operator sees a variant without joining the test: the offer's `?variant=` records no
// exposure; the landing has no preview parameter, but `/paid` is its $7 page. `/` would assign.

import type { Surface } from "@/lib/experiments/shared/surfaces";

export function previewHref(surface: Surface, variant: string): string | null {
  if (surface === "offer") return `/oto-realtime-ai-academy?variant=${encodeURIComponent(variant)}`;
  return surface === "landing" && variant === "paid" ? "/paid" : null;
}
