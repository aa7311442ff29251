import { reportIfReauthRequired } from "@/lib/operators/client/reauth";
import { useState } from "react";

// One request at a time with its error message; a task that returns true navigates away, so the
// button stays busy until the next page replaces it.
export function usePendingAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(task: () => Promise<boolean | void>, fallback: string) {
    setPending(true);
    setError(null);
    try {
      if (await task()) return;
    } catch (failure) {
      reportIfReauthRequired(failure);
      setError(failure instanceof Error ? failure.message : fallback);
    }
    setPending(false);
  }
  return { pending, error, setError, run };
}
