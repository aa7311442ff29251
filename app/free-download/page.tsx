import type { Metadata } from "next";
import Image from "next/image";
import { CTA_LARGE } from "@/components/site/cta-styles";
import { CheckList } from "@/components/ui/check-list";
import { StrokeIcon } from "@/components/ui/stroke-icon";
import { getConfig } from "@/lib/platform/server/config";
import { pageMetadata } from "@/lib/site/server/page-metadata";

export function generateMetadata(): Metadata {
  return pageMetadata({
    path: "/free-download",
    title: "Download Fast Forward Free",
    description:
      "Download your free copy of Fast Forward: the AI implementation framework that slashes overhead and turns employees into innovation engines.",
  });
}

const BULLETS = [
  "Slash overhead by triple digits",
  "Turn employees into innovation engines",
  "Build custom AI tools anyone can use",
  "Deploy step-by-step rollouts that actually stick",
] as const;

export default function FreeDownloadPage() {
  const url = getConfig().FREE_DOWNLOAD_URL;
  // A file on this site downloads in place; a file host's page opens instead.
  const sameSite = url.startsWith("/");
  return (
    <main id="main" className="bg-gradient-to-b from-red-50 to-white px-4 py-12 sm:px-6 md:py-20">
      <div className="mx-auto grid max-w-5xl gap-10 md:grid-cols-2 md:items-center">
        <Image
          src="/images/fast-forward-bundle.svg"
          alt="Fast Forward bundle: the book, the RACE Framework on a tablet and the PDF edition"
          width={720}
          height={480}
          sizes="(min-width: 768px) 50vw, 100vw"
          preload
          fetchPriority="high"
          className="h-auto w-full"
        />
        <div className="flex flex-col gap-5">
          <h1 className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">
            Download Fast Forward Free
          </h1>
          <p className="text-xl text-slate-700">
            The AI implementation framework that shows your business exactly where AI pays — and how to make it stick.
          </p>
          <CheckList items={BULLETS} tone="brand" />
          <a
            href={url}
            {...(sameSite ? { download: "" } : { rel: "noopener" })}
            data-testid="download-button"
            className={`${CTA_LARGE} py-5 text-2xl`}
          >
            <StrokeIcon d="M12 3v12m0 0-5-5m5 5 5-5M4 19h16" className="size-7" />
            Download Fast Forward
          </a>
          <p id="download-caption" className="text-base text-slate-700">
            {sameSite
              ? "Click the button to save the free PDF edition to your device. Nothing downloads until you click."
              : "Click the button to open the download page for the free PDF edition. Nothing downloads until you click."}
          </p>
        </div>
      </div>
    </main>
  );
}
