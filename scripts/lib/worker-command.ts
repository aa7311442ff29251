import path from "node:path";
import { ROOT } from "./migrations";

/**
 * How npm start, the tests and bench:jobs start scripts/worker.ts beside a database already
 * prepared. Not under react-server (React's server build cannot render e-mails): lib's
 * server-only marker is resolved by a hook instead (scripts/lib/server-only-loader.mjs).
 */
export const WORKER_ARGS = [
  "--import",
  path.join(ROOT, "scripts/lib/server-only-register.mjs"),
  "--import",
  "tsx",
  path.join(ROOT, "scripts/worker.ts"),
  "--prepared",
];
