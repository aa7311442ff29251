import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { HeaderSwitch } from "@/components/site/header-switch";
import { HydrationMarker } from "@/components/site/hydration-marker";
import { SiteFooter } from "@/components/site/site-footer";
import { ToastProvider } from "@/components/ui/toast";
import { getConfig } from "@/lib/platform/server/config";
import { SHARE_IMAGE } from "@/lib/site/server/page-metadata";
import "./globals.css";

// A page that reads nothing per visitor is rendered once and served from Next.js's cache for this
// many seconds, then refreshed in the background (PAGE_REVALIDATE_SECONDS in
// lib/site/shared/page-cache.ts; a literal, as Next.js requires). Its canonical URL, Open Graph
// addresses and the provider's identity still follow the run-time configuration: the cache starts
// empty at each start (scripts/lib/page-cache-handler.mjs). Pages that read cookies, search
// parameters or headers render per request, as before.
export const revalidate = 300;

const DEFAULT_TITLE = "Fast Forward — the AI implementation playbook for business";
const DEFAULT_DESCRIPTION = "Get Fast Forward, the business book on applying AI with the RACE Framework, free today.";

export function generateMetadata(): Metadata {
  const { SITE_URL } = getConfig();
  return {
    metadataBase: new URL(SITE_URL),
    title: { default: DEFAULT_TITLE, template: "%s | Fast Forward" },
    description: DEFAULT_DESCRIPTION,
    applicationName: "Fast Forward",
    icons: { icon: "/favicon.svg" },
    openGraph: { type: "website", siteName: "Fast Forward", images: [SHARE_IMAGE.path] },
    twitter: { card: "summary_large_image", images: [SHARE_IMAGE.path] },
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#dc2626" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col font-sans antialiased">
        <a
          href="#main"
          className="sr-only z-[60] rounded-lg bg-ink px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <ToastProvider>
          {/* One header for every page, in one place (lib/site/shared/header-kind.ts); the sales
              pages that render their own fixed header get none from here. */}
          <HeaderSwitch />
          <div className="flex-1">{children}</div>
          <SiteFooter />
          <HydrationMarker />
        </ToastProvider>
      </body>
    </html>
  );
}
