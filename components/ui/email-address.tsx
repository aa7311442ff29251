import { Fragment } from "react";

// Breaks go after "@" and before each dot, so no fragment looks like a whole address. <wbr> adds
// no character, so a copied address is unchanged.

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
