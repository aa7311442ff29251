import type { InputHTMLAttributes } from "react";

export const fieldClass =
  "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base text-ink focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none";

type Props = InputHTMLAttributes<HTMLInputElement> & { label: string; labelClassName?: string };

export function TextField({ label, labelClassName, ...input }: Props) {
  return (
    <label className={`block text-sm font-medium text-slate-700 ${labelClassName ?? ""}`.trim()}>
      {label}
      <input className={fieldClass} {...input} />
    </label>
  );
}
