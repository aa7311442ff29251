import type { MetadataRoute } from "next";
import { getConfig } from "@/lib/platform/server/config";
import { PUBLIC_PAGES } from "@/lib/site/shared/public-pages";
import { absoluteUrl } from "@/lib/site/shared/urls";

export const dynamic = "force-dynamic";

export default function sitemap(): MetadataRoute.Sitemap {
  const { SITE_URL } = getConfig();
  return PUBLIC_PAGES.map((page) => ({
    url: absoluteUrl(SITE_URL, page.path),
    changeFrequency: page.changeFrequency,
    priority: page.priority,
  }));
}
