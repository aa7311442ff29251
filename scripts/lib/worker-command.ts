import path from "node:path";
import { ROOT } from "./migrations";

/** Not under react-server (its React build cannot render e-mails); server-only-loader.mjs instead. */
export const WORKER_ARGS = [
  "--import",
  path.join(ROOT, "scripts/lib/server-only-register.mjs"),
  "--import",
  "tsx",
  path.join(ROOT, "scripts/run/worker.ts"),
  "--prepared",
];
