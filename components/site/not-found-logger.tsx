"use client";

import { useEffect } from "react";

// Leaves a trace of the broken address in the browser console, for whoever is debugging a link.
export function NotFoundLogger() {
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
  }, []);
  return null;
}
