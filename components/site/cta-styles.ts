export const CTA_PRIMARY =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-brand px-6 py-3 text-center text-lg font-bold text-white shadow-lg shadow-red-600/25 transition hover:bg-brand-dark focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-300 active:translate-y-px";

export const CTA_LARGE = `${CTA_PRIMARY} w-full px-8 py-4 text-xl sm:w-auto`;

export const CTA_SECONDARY =
  "inline-flex min-h-11 items-center justify-center rounded-xl border-2 border-slate-300 bg-white px-5 py-2.5 font-semibold text-ink transition hover:border-slate-400 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand";

export const FORM_BUTTON =
  "rounded-xl bg-brand px-5 py-3 text-lg font-bold text-white shadow-lg hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50";
