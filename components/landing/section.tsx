import type { ReactNode } from "react";

export type CtaSlot = (source: string, label: string) => ReactNode;

type SectionProps = {
  id?: string;
  labelledBy: string;
  threshold?: 0.1 | 0.15;
  tone?: "white" | "tint" | "dark";
  children: ReactNode;
};

const TONES = { white: "bg-white", tint: "bg-slate-50", dark: "bg-ink text-white" } as const;

export function Section({ id, labelledBy, threshold = 0.1, tone = "white", children }: SectionProps) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={`${TONES[tone]} px-4 py-16 sm:px-6 md:py-24`}>
      <div data-reveal={threshold} className="mx-auto max-w-4xl">
        {children}
      </div>
    </section>
  );
}

export function Eyebrow({ children, dark = false }: { children: ReactNode; dark?: boolean }) {
  return (
    <p className={`text-sm font-bold tracking-widest uppercase ${dark ? "text-red-300" : "text-brand-dark"}`}>
      {children}
    </p>
  );
}

export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="mt-2 text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl">
      {children}
    </h2>
  );
}
