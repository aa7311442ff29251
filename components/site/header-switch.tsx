"use client";

import { usePathname } from "next/navigation";
import { SiteHeader } from "@/components/site/site-header";
import { headerKind } from "@/lib/site/shared/header-kind";

// The root layout's header slot. The layout stays mounted across client-side navigations, so the
// choice follows the current path here. The header is rendered here rather than passed in as three
// server-rendered variants, which every page's RSC payload carried for the one it shows.
export function HeaderSwitch() {
  const kind = headerKind(usePathname());
  return kind === "own" ? null : <SiteHeader variant={kind} />;
}
