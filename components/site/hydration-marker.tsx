"use client";

import { useEffect } from "react";

// Marks the document once React has hydrated the root layout. Until then a button whose
// behaviour lives in a React handler does nothing; browser tests wait for this mark (e2e/test.ts)
// so they never click into that gap on a busy machine.
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
