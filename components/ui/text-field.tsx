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

type BoundProps = Omit<Props, "value" | "onChange"> & { value: string; onValue: (value: string) => void };

// A required, controlled field: the checkout, booking and opt-in forms hold their values in state.
export function BoundTextField({ value, onValue, ...rest }: BoundProps) {
  return <TextField required value={value} onChange={(e) => onValue(e.target.value)} {...rest} />;
}

export function EmailField({ label = "Email", ...rest }: Omit<BoundProps, "label"> & { label?: string }) {
  return <BoundTextField label={label} type="email" autoComplete="email" {...rest} />;
}
