"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { OPERATOR_AUTH_BASE_PATH } from "@/lib/operators/shared/auth-rules";

export function SignOutButton() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  async function signOut() {
    setPending(true);
    // Whatever the answer, the next page load checks again.
    await fetch(`${OPERATOR_AUTH_BASE_PATH}/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    }).catch(() => undefined);
    router.replace("/admin/sign-in");
  }
  return (
    <button
      type="button"
      onClick={() => void signOut()}
      disabled={pending}
      className="rounded border border-slate-300 px-3 py-1"
    >
      Sign out
    </button>
  );
}
