"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { headerKind } from "@/lib/site/shared/header-kind";

// The root layout's header slot. The layout stays mounted across client-side navigations, so the
// choice follows the current path here; the headers themselves are rendered on the server.
export function HeaderSwitch({ site, checkout, offer }: { site: ReactNode; checkout: ReactNode; offer: ReactNode }) {
  const kind = headerKind(usePathname());
  if (kind === "own" || kind === "console") return null;
  return kind === "checkout" ? checkout : kind === "offer" ? offer : site;
}

/** The footer slot: every page but the operator console, which has its own chrome. */
export function FooterSwitch({ footer }: { footer: ReactNode }) {
  return headerKind(usePathname()) === "console" ? null : footer;
}
