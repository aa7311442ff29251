const TONES = { brand: "fill-brand", green: "fill-green-700" } as const;

type CheckListProps = {
  items: readonly string[];
  tone?: keyof typeof TONES;
  textClassName?: string;
};

export function CheckList({ items, tone = "green", textClassName = "text-lg" }: CheckListProps) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item} className={`flex gap-3 text-slate-800 ${textClassName}`}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className={`mt-1 size-5 shrink-0 ${TONES[tone]}`}>
            <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86-4.5 4.5a.75.75 0 0 1-1.06 0l-2-2a.75.75 0 1 1 1.06-1.06l1.47 1.47 3.97-3.97a.75.75 0 1 1 1.06 1.06Z" />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
