import type { HealthItem } from "@/lib/console/shared/health-rules";

// Server-rendered on every console page; nothing when all is well. The word before each item
// ("Problem", "Note") carries its weight, the colour only repeats it.

const LEVEL_WORD = { problem: "Problem", note: "Note" } as const;
const LEVEL_TONE = {
  problem: "border-red-300 bg-red-50 text-red-950",
  note: "border-amber-200 bg-amber-50 text-amber-950",
};

/** `backticked` parts as code: variable names, commands, paths. */
function Detail({ text }: { text: string }) {
  return text.split("`").map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="rounded bg-white/70 px-1 font-mono text-[0.85em] [overflow-wrap:anywhere]">
        {part}
      </code>
    ) : (
      part
    ),
  );
}

export function HealthStrip({ items }: { items: HealthItem[] }) {
  if (items.length === 0) return null;
  const problems = items.filter((item) => item.level === "problem").length;
  return (
    <section aria-labelledby="health-strip-heading" data-testid="health-strip" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-3">
        <h2 id="health-strip-heading" className="text-sm font-bold text-slate-900">
          Setup and health: {problems > 0 ? `${problems} ${problems === 1 ? "problem" : "problems"}` : "notes"}
        </h2>
        <ul className="mt-2 space-y-2 text-sm">
          {items.map((item) => (
            <li
              key={item.id}
              data-testid={`health-${item.id}`}
              className={`rounded border px-3 py-2 [overflow-wrap:anywhere] ${LEVEL_TONE[item.level]}`}
            >
              <strong>
                {LEVEL_WORD[item.level]}: {item.title}.
              </strong>{" "}
              <Detail text={item.detail} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
