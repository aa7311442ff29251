"use client";

import { useEffect } from "react";
import { readUtm } from "@/lib/funnel/utm";
import { trackAction } from "@/lib/tracking/client";

// Funnel step 1 (spec §4): one page_load event per page view, with the page's attribution.

export function TrackPageLoad({ page }: { page: string }) {
  useEffect(() => {
    trackAction(1, "page_load", { page, ...readUtm(window.location.search) });
  }, [page]);
  return null;
}
