"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { CTA_PRIMARY } from "@/components/site/cta-styles";
import { post } from "@/lib/platform/client/client-post";

// Opening the e-mailed link does nothing by itself (mail scanners open links): the press signs in.

const FAILED = "That did not work. Please try again.";

export function BillingSignInButton({ token }: { token: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      await post("/api/billing/sign-in", { token }, null, FAILED);
      router.push("/billing");
      router.refresh();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : FAILED);
      setBusy(false);
    }
  }

  return (
    <div className="mt-6">
      <button type="button" className={CTA_PRIMARY} disabled={busy} onClick={() => void signIn()}>
        See my orders
      </button>
      <p role="alert" className="mt-3 text-red-800">
        {error ?? ""}
      </p>
      {error ? (
        <a href="/billing" className="font-semibold text-brand underline">
          Send me a new link
        </a>
      ) : null}
    </div>
  );
}
