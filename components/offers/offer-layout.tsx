import type { ReactNode } from "react";

export function OfferLayout({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="px-4 py-12 sm:px-6 md:py-16">
      <div className="mx-auto max-w-3xl">
        <p className="text-sm font-bold tracking-widest text-brand-dark uppercase">{eyebrow}</p>
        <h1 className="mt-2 text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        <div className="mt-5 text-lg text-slate-700 sm:text-xl">{lead}</div>
        <div className="mt-10 flex flex-col gap-10">{children}</div>
      </div>
    </main>
  );
}

export function Panel({
  title,
  id,
  children,
  tone = "plain",
}: {
  title: string;
  id: string;
  children: ReactNode;
  tone?: "plain" | "brand" | "guarantee";
}) {
  const tones = {
    plain: "border border-slate-200 bg-white",
    brand: "border-2 border-brand bg-red-50",
    guarantee: "border-2 border-dashed border-green-600 bg-white",
  } as const;
  return (
    <section aria-labelledby={id} className={`rounded-2xl p-6 sm:p-8 ${tones[tone]}`}>
      <h2 id={id} className={`text-2xl font-extrabold ${tone === "guarantee" ? "text-green-800" : "text-ink"}`}>
        {title}
      </h2>
      <div className="mt-4 flex flex-col gap-4 text-lg text-slate-700">{children}</div>
    </section>
  );
}
