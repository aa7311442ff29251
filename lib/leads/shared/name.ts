// firstName is the text before the first space (docs/product.md#opt-in).
export function splitName(fullName: string): { name: string; firstName: string; lastName: string } {
  const name = fullName.trim().replace(/\s+/g, " ");
  const space = name.indexOf(" ");
  return space === -1
    ? { name, firstName: name, lastName: "" }
    : { name, firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}
