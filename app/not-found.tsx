import type { Metadata } from "next";
import Link from "next/link";
import { NotFoundLogger } from "@/components/site/not-found-logger";
import { CTA_PRIMARY } from "@/components/site/cta-styles";

export const metadata: Metadata = { title: "Page not found", robots: { index: false, follow: true } };

export default function NotFound() {
  return (
    <main id="main" className="grid min-h-[70dvh] place-items-center px-4 py-16 text-center">
      <div className="flex flex-col items-center gap-4">
        <p className="text-7xl font-extrabold text-brand-dark">404</p>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Oops! Page not found</h1>
        <p className="max-w-md text-lg text-slate-700">The page you were looking for does not exist or has moved.</p>
        <Link href="/" className={CTA_PRIMARY}>
          Return to Home
        </Link>
      </div>
      <NotFoundLogger />
    </main>
  );
}
