"use client";

import Link from "next/link";
import { useEffect } from "react";
import { describeErrorForVisitor } from "@/lib/platform/shared/describe-error";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main id="main" className="grid min-h-[70dvh] place-items-center px-4 py-16 text-center">
      <div role="alert" className="flex max-w-lg flex-col items-center gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Unexpected Application Error!</h1>
        <p className="text-lg text-slate-700">{describeErrorForVisitor(error)}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={reset}
            className="rounded-xl bg-brand px-5 py-3 font-bold text-white hover:bg-brand-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-300"
          >
            Try again
          </button>
          <Link
            href="/"
            className="rounded-xl border-2 border-slate-300 px-5 py-3 font-semibold hover:border-slate-400"
          >
            Return to Home
          </Link>
        </div>
      </div>
    </main>
  );
}
