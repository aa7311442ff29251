import type { ReactNode } from "react";

type Props = { id: string; title: ReactNode; className: string; headingClassName: string; children: ReactNode };

// A section named by its own h2, so screen readers list it by that title.
export function TitledSection({ id, title, className, headingClassName, children }: Props) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
