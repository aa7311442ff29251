"use client";

import { useEffect } from "react";

export function NotFoundLogger() {
  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", window.location.pathname);
  }, []);
  return null;
}
