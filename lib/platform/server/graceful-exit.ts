import "server-only";
import { log } from "@/lib/platform/server/logger";

// Exit 143 after a SIGTERM drain is success, but supervisors read any non-zero code as a crash,
// so it becomes 0. Other exits keep their code.
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
