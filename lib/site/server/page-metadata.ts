import "server-only";
import type { Metadata } from "next";
import { getConfig } from "@/lib/platform/server/config";
import { absoluteUrl } from "@/lib/site/shared/urls";

// Called from generateMetadata so SITE_URL is read at run time.

export const SHARE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "Fast Forward — the business AI book",
};

type PageMetadataInput = {
  path: string;
  title: string;
  description: string;
  absoluteTitle?: boolean;
  noIndex?: boolean;
};

export function pageMetadata({ path, title, description, absoluteTitle, noIndex }: PageMetadataInput): Metadata {
  const { SITE_URL } = getConfig();
  const url = absoluteUrl(SITE_URL, path);
  const image = {
    url: absoluteUrl(SITE_URL, SHARE_IMAGE.path),
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
    alt: SHARE_IMAGE.alt,
  };
  return {
    title: absoluteTitle ? { absolute: title } : title,
    description,
    alternates: { canonical: url },
    openGraph: { type: "website", siteName: "Fast Forward", url, title, description, images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [image] },
    ...(noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}
