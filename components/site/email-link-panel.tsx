import type { ReactNode } from "react";

export function EmailLinkPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-5 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6 text-slate-800 sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">{title}</h1>
        <div className="mt-3 leading-relaxed">{children}</div>
      </div>
    </main>
  );
}
