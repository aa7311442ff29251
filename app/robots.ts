import type { MetadataRoute } from "next";
import { getConfig } from "@/lib/platform/server/config";
import { NOT_CRAWLED } from "@/lib/site/shared/public-pages";
import { absoluteUrl } from "@/lib/site/shared/urls";

export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  const { SITE_URL } = getConfig();
  return {
    rules: { userAgent: "*", allow: "/", disallow: [...NOT_CRAWLED] },
    sitemap: absoluteUrl(SITE_URL, "/sitemap.xml"),
  };
}
