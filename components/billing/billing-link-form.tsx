"use client";

import { useState, type FormEvent } from "react";
import { FORM_BUTTON } from "@/components/site/cta-styles";
import { post } from "@/lib/platform/client/client-post";
import { BILLING_LINK_SENT_MESSAGE } from "@/lib/billing/shared/billing-rules";

// Asks for the address; the answer never says whether it has orders.

const FAILED = "That did not work. Please try again.";

export function BillingLinkForm({ label = "E-mail me a link" }: { label?: string }) {
  const [state, setState] = useState<"ready" | "busy" | "sent">("ready");
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = new FormData(event.currentTarget).get("email");
    const email = typeof field === "string" ? field : "";
    setState("busy");
    setError(null);
    try {
      await post("/api/billing/link", { email }, null, FAILED);
      setState("sent");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : FAILED);
      setState("ready");
    }
  }

  if (state === "sent") {
    return (
      <p role="status" className="mt-6 rounded-xl bg-emerald-50 p-4 font-semibold text-emerald-900">
        {BILLING_LINK_SENT_MESSAGE}
      </p>
    );
  }
  return (
    <div className="mt-6">
      <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => void submit(event)}>
        <label className="flex flex-1 flex-col gap-1 font-semibold">
          E-mail address you bought with
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            className="rounded-xl border-2 border-slate-300 px-4 py-3 text-lg font-normal"
          />
        </label>
        <button type="submit" className={FORM_BUTTON} disabled={state === "busy"}>
          {label}
        </button>
      </form>
      <p role="alert" className="mt-3 text-red-800">
        {error ?? ""}
      </p>
    </div>
  );
}
