// Which landing page a session arrived on, from its first page_load's `page` (the spec's home
// page gives the book away; /paid and its alternate sell it for $7).

export const LANDINGS = ["free", "paid", "unknown"] as const;
export type Landing = (typeof LANDINGS)[number];

export const PAID_LANDING_PAGES: readonly string[] = ["/paid", "/paid-alt"];
export const FREE_LANDING_PAGES: readonly string[] = ["/"];
