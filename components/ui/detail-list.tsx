import type { ReactNode } from "react";

// Phones stack label over value (a long e-mail needs the room). minmax(0, 1fr) keeps a value from
// widening the grid, and with it the page.

export function DetailList({ className = "", children }: { className?: string; children: ReactNode }) {
  return (
    <dl className={`grid grid-cols-1 gap-x-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2 ${className}`}>{children}</dl>
  );
}

/** `ownRow`: the whole width for a long one-line value, such as a transaction ID. */
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
