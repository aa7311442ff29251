import Link from "next/link";
import { RANGE_PRESETS } from "@/lib/console/shared/overview-params";

/** The 7/30/90-day links of a console report, the current one marked. */
export function RangePresetLinks({ current, hrefFor }: { current: number | null; hrefFor: (days: number) => string }) {
  return (
    <nav aria-label="Range presets">
      <ul className="flex flex-wrap gap-1 text-sm">
        {RANGE_PRESETS.map((days) => (
          <li key={days}>
            <Link
              href={hrefFor(days)}
              aria-current={current === days ? "page" : undefined}
              className="block rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100 aria-[current=page]:border-slate-900 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
            >
              {days} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
