import { Fragment } from "react";

// An e-mail address that may be longer than its line. Break opportunities go after the "@" and
// before each dot (where style guides break addresses, so no fragment looks like a whole address),
// and hyphens already are some; the parent's `overflow-wrap:anywhere` remains the last resort for
// a single part wider than the line. <wbr> adds no character, so a copied address is unchanged.

export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
