"use client";

import { describeErrorForVisitor } from "@/lib/platform/shared/describe-error";
import "./globals.css";

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="grid min-h-dvh place-items-center px-4 text-center font-sans">
        <main role="alert" className="flex max-w-lg flex-col items-center gap-4">
          <h1 className="text-3xl font-extrabold">Unexpected Application Error!</h1>
          <p className="text-lg text-slate-700">{describeErrorForVisitor(error)}</p>
          <button type="button" onClick={reset} className="rounded-xl bg-brand px-5 py-3 font-bold text-white">
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
