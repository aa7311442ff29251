import type { ReactNode } from "react";

// Label/value pairs of the success and contract-setup pages. Phones stack each label over its
// value (a label column there leaves a long e-mail or ID too little room); wider screens put them
// side by side. minmax(0, 1fr) lets a value wrap or scroll inside its column instead of widening
// the grid, and with it the page.

export function DetailList({ className = "", children }: { className?: string; children: ReactNode }) {
  return (
    <dl className={`grid grid-cols-1 gap-x-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2 ${className}`}>{children}</dl>
  );
}

/**
 * One pair. `ownRow` gives the value the whole width on every screen (for a long value kept on
 * one line, such as a transaction ID), with its label above it.
 */
export function Detail({
  term,
  ownRow = false,
  valueClassName = "",
  valueTestId,
  children,
}: {
  term: string;
  ownRow?: boolean;
  valueClassName?: string;
  valueTestId?: string;
  children: ReactNode;
}) {
  return (
    <>
      <dt className={`mt-3 font-semibold first:mt-0 ${ownRow ? "sm:col-span-2 sm:mt-2" : "sm:mt-0"}`}>{term}</dt>
      <dd data-testid={valueTestId} className={`${ownRow ? "mt-1 sm:col-span-2 sm:mt-0" : ""} ${valueClassName}`}>
        {children}
      </dd>
    </>
  );
}
