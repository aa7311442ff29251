"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { headerKind } from "@/lib/site/shared/header-kind";

// The root layout's header slot. The layout stays mounted across client-side navigations, so the
// choice follows the current path here; the headers themselves are rendered on the server.
export function HeaderSwitch({ site, checkout, offer }: { site: ReactNode; checkout: ReactNode; offer: ReactNode }) {
  const kind = headerKind(usePathname());
  if (kind === "own") return null;
  return kind === "checkout" ? checkout : kind === "offer" ? offer : site;
}
