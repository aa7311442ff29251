import Link from "next/link";
import { Logo } from "@/components/site/logo";

// Header of the plain pages (legal, offers, download): the logo and a way back to the book offer.
export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <Link
          href="/"
          className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-dark hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand"
        >
          Get the free book
        </Link>
      </div>
    </header>
  );
}
