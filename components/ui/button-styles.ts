// The filled brand button of the funnel's forms and dialogs (one look everywhere it submits).
export const primaryButtonClass =
  "rounded-xl bg-brand px-5 py-3 text-lg font-bold text-white shadow-lg hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50";
