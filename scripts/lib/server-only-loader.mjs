// Next.js resolves `server-only` to an empty module; plain Node gets the throwing default.
// `--conditions=react-server` would also swap in React's server build, which cannot render e-mail.
const EMPTY = new URL("../../node_modules/server-only/empty.js", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: EMPTY, shortCircuit: true };
  return nextResolve(specifier, context);
}
