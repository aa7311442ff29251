"use client";

export function SeatStepper({
  labelledBy,
  value,
  onChange,
  disabled,
  min = 1,
  max = 50,
}: {
  labelledBy: string;
  value: number;
  onChange: (next: number) => void;
  disabled: boolean;
  min?: number;
  max?: number;
}) {
  const button =
    "flex size-10 items-center justify-center rounded-lg border border-slate-300 text-xl font-bold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <div className="flex items-center gap-3" role="group" aria-labelledby={labelledBy}>
      <button
        type="button"
        className={button}
        aria-label="Remove a seat"
        disabled={disabled || value <= min}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output aria-live="polite" data-testid="seat-count" className="min-w-10 text-center text-2xl font-extrabold">
        {value}
      </output>
      <button
        type="button"
        className={button}
        aria-label="Add a seat"
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
