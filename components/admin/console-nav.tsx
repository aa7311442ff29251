"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { activeSection, CONSOLE_SECTIONS } from "@/lib/admin/shared/console-nav";

// The section links; on a phone they scroll sideways in one row instead of wrapping into a block.
export function ConsoleNav() {
  const active = activeSection(usePathname() ?? "/admin");
  return (
    <nav aria-label="Console" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-1 whitespace-nowrap text-sm">
        {CONSOLE_SECTIONS.map((section) => (
          <li key={section.href}>
            <Link
              href={section.href}
              aria-current={active === section.href ? "page" : undefined}
              className="block rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white"
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
