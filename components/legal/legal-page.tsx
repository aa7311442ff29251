import type { ReactNode } from "react";
import { TitledSection } from "@/components/ui/titled-section";

type LegalPageProps = { title: string; subtitle?: string; dates: ReactNode; children: ReactNode };

export function LegalPage({ title, subtitle, dates, children }: LegalPageProps) {
  return (
    <main id="main" className="px-4 py-12 sm:px-6 md:py-16">
      <article className="legal mx-auto max-w-3xl text-base leading-relaxed text-slate-800 sm:text-lg">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
        {subtitle && <p className="mt-2 text-lg font-semibold text-slate-700">{subtitle}</p>}
        <div className="mt-3 text-sm text-slate-600">{dates}</div>
        <div className="mt-8 flex flex-col gap-8">{children}</div>
      </article>
    </main>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection
      id={id}
      title={title}
      className="flex flex-col gap-3"
      headingClassName="text-xl font-bold text-ink sm:text-2xl"
    >
      {children}
    </TitledSection>
  );
}

export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 pl-6 marker:text-brand">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export function ContactBlock({ name, address, email }: { name: string; address: string; email: string }) {
  return (
    <address className="rounded-xl border border-slate-200 bg-slate-50 p-5 not-italic">
      <strong>{name}</strong>
      <br />
      {address}
      <br />
      E-mail:{" "}
      <a className="font-medium text-brand-dark underline underline-offset-2" href={`mailto:${email}`}>
        {email}
      </a>
    </address>
  );
}
