import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { HeaderSwitch } from "@/components/site/header-switch";
import { HydrationMarker } from "@/components/site/hydration-marker";
import { SiteFooter } from "@/components/site/site-footer";
import { ToastProvider } from "@/components/ui/toast";
import { getConfig } from "@/lib/platform/server/config";
import { SHARE_IMAGE } from "@/lib/site/server/page-metadata";
import "./globals.css";

// A literal, as Next.js requires (PAGE_REVALIDATE_SECONDS in lib/site/shared/page-cache.ts). The
// cache starts empty at each start, so pages follow the run-time configuration.
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
          {/* Sales pages render their own fixed header (lib/site/shared/header-kind.ts). */}
          <HeaderSwitch />
          <div className="flex-1">{children}</div>
          <SiteFooter />
          <HydrationMarker />
        </ToastProvider>
      </body>
    </html>
  );
}
