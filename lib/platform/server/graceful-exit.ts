import "server-only";
import { log } from "@/lib/platform/server/logger";

// Under Next.js's own server (`node server.js` from the standalone build, `next start`), SIGTERM
// closes the listening socket, lets in-flight requests finish, closes Next.js, then exits with
// 143 (128 + SIGTERM). That exit is the drain completing, not a failure, and supervisors read any
// code but 0 as a crash (systemd's failed state, restart policies), so it becomes 0. A second
// signal, a crash or any other exit keeps its code. npm start's front (scripts/next-server.mjs)
// handles its signals itself and exits 0 already.
const SIGTERM_EXIT = 143;

export function exitCleanlyAfterDrain(): void {
  let draining = false;
  process.once("SIGTERM", () => {
    draining = true;
    log.info("SIGTERM: stopping");
  });
  process.on("exit", (code) => {
    if (!draining || code !== SIGTERM_EXIT) return;
    process.exitCode = 0;
    log.info("stopped: every request in flight was answered");
  });
}
