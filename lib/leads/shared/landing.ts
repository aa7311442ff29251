export const LANDINGS = ["free", "paid", "unknown"] as const;
export type Landing = (typeof LANDINGS)[number];

export const PAID_LANDING_PAGES: readonly string[] = ["/paid", "/paid-alt"];
export const FREE_LANDING_PAGES: readonly string[] = ["/"];
