import "server-only";
import { after } from "next/server";

// Work that must not delay the response (e-mail delivery). Inside a Next.js request, after()
// runs it once the response is sent; called outside one (tests, scripts) it simply starts now.

export function afterResponse(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    void task().catch((error: unknown) =>
      console.warn(`[after] background task failed: ${error instanceof Error ? error.message : "unknown error"}`),
    );
  }
}
