"use client";

import { useEffect, useRef } from "react";
import { readUtm } from "@/lib/leads/shared/utm";
import { trackAction } from "@/lib/leads/client/track-action";

// The ref survives React's development re-run.
export function PageLoadTracker({ page }: { page: string }) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    trackAction("page_load", {
      page,
      // Never the full address, which can carry personal data.
      referrer: referrerOrigin(document.referrer),
      viewport: window.innerWidth < 768 ? "mobile" : "desktop",
      ...readUtm(window.location.search),
    });
  }, [page]);
  return null;
}

function referrerOrigin(referrer: string): string | null {
  if (!URL.canParse(referrer)) return null;
  return new URL(referrer).origin;
}
