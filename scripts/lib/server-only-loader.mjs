// Module resolve hook for the worker process (registered by server-only-register.mjs). Next.js
// resolves `server-only` to an empty module for server code; a plain Node process gets the
// package's throwing default. The worker cannot run under `--conditions=react-server` instead:
// that condition also swaps in React's server build, under which react-dom/server (what
// @react-email/render uses) refuses to load, so no job could render an e-mail.
const EMPTY = new URL("../../node_modules/server-only/empty.js", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: EMPTY, shortCircuit: true };
  return nextResolve(specifier, context);
}
