import Link from "next/link";
import { Logo } from "@/components/site/logo";
import type { HeaderKind } from "@/lib/site/shared/header-kind";

export function SiteHeader({ variant = "site" }: { variant?: Exclude<HeaderKind, "own"> }) {
  return (
    <header data-site-chrome="" className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        {variant === "site" ? (
          <Link
            href="/"
            className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-dark hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand"
          >
            Get the free book
          </Link>
        ) : variant === "checkout" ? (
          <span className="flex items-center gap-1.5 text-sm text-slate-600">
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
              <path d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 6H6V4.5a2 2 0 1 1 4 0V7Z" />
            </svg>
            Secure checkout
          </span>
        ) : null}
      </div>
    </header>
  );
}
