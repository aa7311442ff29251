"use client";

import { useEffect } from "react";

// Browser tests wait for this mark (e2e/test.ts) so they never click before handlers exist.
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
