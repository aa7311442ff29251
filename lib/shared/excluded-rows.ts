// Leads and orders an operator flagged as test or spam. Every report, list and export reads its
// rows through these fragments, so "left out by default" is written once per table.

export const EXCLUSION_KINDS = ["test", "spam"] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

/** What a list shows of flagged rows: none (the default), all rows, or only the flagged. */
export const FLAGGED_VIEWS = ["include", "only"] as const;
export type FlaggedView = (typeof FLAGGED_VIEWS)[number] | undefined;

export const EXCLUSION_LABELS: Record<ExclusionKind, string> = { test: "Test", spam: "Spam" };

export function isExclusionKind(value: unknown): value is ExclusionKind {
  return typeof value === "string" && (EXCLUSION_KINDS as readonly string[]).includes(value);
}

/** A prospects row (alias `p` by default) that counts in reports. */
export const countedLeadSql = (alias = "p") => `${alias}.excluded_as IS NULL`;

/** An orders row (alias `o` by default) that counts in reports. */
export const countedOrderSql = (alias = "o") => `${alias}.excluded_as IS NULL`;

/** Browsers with a lead or an order flagged as test or spam: a report counts them as no visitor. */
export const flaggedBrowsersSql = () => `
  SELECT s.browser_id FROM prospects p JOIN funnel_sessions s ON s.prospect_id = p.id WHERE NOT ${countedLeadSql("p")}
  UNION
  SELECT o.browser_id FROM orders o WHERE NOT ${countedOrderSql("o")}`;

/** A list's condition for its view of flagged rows; null when every row is shown. */
export function flaggedViewSql(view: FlaggedView, alias: string): string | null {
  if (view === "include") return null;
  if (view === "only") return `${alias}.excluded_as IS NOT NULL`;
  return `${alias}.excluded_as IS NULL`;
}
