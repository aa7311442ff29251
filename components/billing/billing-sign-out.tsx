"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { CTA_SECONDARY } from "@/components/site/cta-styles";
import { post } from "@/lib/platform/client/client-post";

export function BillingSignOut() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      await post("/api/billing/sign-out", {}, null, "Signing out did not work. Please try again.");
    } finally {
      router.push("/billing");
      router.refresh();
    }
  }

  return (
    <button type="button" className={`${CTA_SECONDARY} print:hidden`} disabled={busy} onClick={() => void signOut()}>
      Sign out
    </button>
  );
}
