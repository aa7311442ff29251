"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { activeSection, CONSOLE_SECTIONS } from "@/lib/console/shared/console-nav";

// Wraps on a phone: a sideways-scrolling row hid sections with nothing showing they were there.
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
