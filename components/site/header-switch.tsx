"use client";

import { usePathname } from "next/navigation";
import { SiteHeader } from "@/components/site/site-header";
import { headerKind } from "@/lib/site/shared/header-kind";

// Rendered here rather than passed in as three server-rendered variants, which every page's RSC
// payload carried.
export function HeaderSwitch() {
  const kind = headerKind(usePathname());
  return kind === "own" ? null : <SiteHeader variant={kind} />;
}
