import { useState } from "react";
import { RequestFailedError } from "@/lib/platform/client/client-post";
import { usePendingAction } from "./use-pending-action";

// A money action is sent under one request key, so a double click or a retry acts once. A refusal
// gets a new key; no answer at all may have acted, so the same key finds that result.

const newKey = () => crypto.randomUUID().replaceAll("-", "");

export function useKeyedAction() {
  const [key, setKey] = useState(newKey);
  const [done, setDone] = useState<string | null>(null);
  const { pending, error, setError, run } = usePendingAction();
  async function send(task: (requestKey: string) => Promise<string>, fallback: string) {
    setDone(null);
    await run(async () => {
      try {
        setDone(await task(key));
        setKey(newKey());
      } catch (caught) {
        if (caught instanceof RequestFailedError && caught.status < 500) setKey(newKey());
        throw caught;
      }
    }, fallback);
  }
  return { pending, error, setError, done, send };
}
