import "server-only";
import { after } from "next/server";
import { describeError } from "@/lib/platform/shared/describe-error";

// Work that must not delay the response (e-mail delivery). Inside a Next.js request, after()
// runs it once the response is sent and this returns at once; outside one (tests, scripts)
// there is no "after", so the task runs now and this waits for it.

export async function afterResponse(task: () => Promise<void>): Promise<void> {
  try {
    after(task);
  } catch {
    await task().catch((error: unknown) => console.warn(`[after] background task failed: ${describeError(error)}`));
  }
}
