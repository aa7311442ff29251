"use client";

import { useState } from "react";
import { CTA_PRIMARY } from "@/components/site/cta-styles";
import { post } from "@/lib/platform/client/client-post";

// Opening an e-mailed link does nothing by itself (mail scanners open links): the press does.

type Props = { endpoint: string; token: string; label: string; doneTitle: string; doneText: string };

const FAILED = "That did not work. Please try again.";

export function EmailLinkAction({ endpoint, token, label, doneTitle, doneText }: Props) {
  const [state, setState] = useState<"ready" | "busy" | "done">("ready");
  const [error, setError] = useState<string | null>(null);

  async function act() {
    setState("busy");
    setError(null);
    try {
      await post(endpoint, { token }, null, FAILED);
      setState("done");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : FAILED);
      setState("ready");
    }
  }

  if (state === "done") {
    return (
      <div role="status" className="mt-6">
        <p className="text-lg font-bold">{doneTitle}</p>
        <p className="mt-1">{doneText}</p>
      </div>
    );
  }
  return (
    <div className="mt-6">
      <button type="button" className={CTA_PRIMARY} disabled={state === "busy"} onClick={() => void act()}>
        {label}
      </button>
      <p role="alert" className="mt-3 text-red-800">
        {error ?? ""}
      </p>
    </div>
  );
}
