export const CONSOLE_SECTIONS = [
  { href: "/admin", label: "Overview" },
  { href: "/admin/leads", label: "Leads" },
  { href: "/admin/orders", label: "Orders" },
  { href: "/admin/subscriptions", label: "Subscriptions" },
  { href: "/admin/catalog", label: "Catalog" },
  { href: "/admin/email", label: "E-mail" },
  { href: "/admin/experiments", label: "Experiments" },
  { href: "/admin/privacy", label: "Privacy requests" },
  { href: "/admin/audit", label: "Audit log" },
  { href: "/admin/operators", label: "Operators" },
] as const;

export function activeSection(pathname: string): string | null {
  const path = pathname.replace(/(.)\/+$/, "$1");
  const matches = CONSOLE_SECTIONS.filter(
    (section) => path === section.href || (section.href !== "/admin" && path.startsWith(`${section.href}/`)),
  );
  return matches[0]?.href ?? null;
}
