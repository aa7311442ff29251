import type { ReactNode } from "react";

// A console table's column headers: the first column reads left, the figures after it share one class.
export function ColumnHeads({ labels, first, rest }: { labels: ReactNode[]; first: string; rest: string }) {
  return labels.map((label, index) => (
    <th key={index} scope="col" className={index === 0 ? first : rest}>
      {label}
    </th>
  ));
}

type HeadProps = { row: string; labels: ReactNode[]; first: string; rest: string };

export function TableHead({ row, ...heads }: HeadProps) {
  return (
    <thead>
      <tr className={row}>
        <ColumnHeads {...heads} />
      </tr>
    </thead>
  );
}
