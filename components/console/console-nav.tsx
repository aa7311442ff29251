"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { activeSection, CONSOLE_SECTIONS } from "@/lib/console/shared/console-nav";

// The section links; on a phone they wrap onto a second row, so every section stays in sight
// (a sideways-scrolling row hid "Audit log" and "Operators" at 390 px with nothing showing they were there).
export function ConsoleNav() {
  const active = activeSection(usePathname() ?? "/admin");
  return (
    <nav aria-label="Console">
      <ul className="flex flex-wrap gap-1 text-sm">
        {CONSOLE_SECTIONS.map((section) => (
          <li key={section.href}>
            <Link
              href={section.href}
              aria-current={active === section.href ? "page" : undefined}
              className="block rounded-md px-3 py-2 font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
