"use client";

import { useEffect, useState } from "react";
import { REAUTH_EVENT, signInAgain } from "@/lib/operators/client/reauth";
import { FRESH_SIGN_IN_EXPLANATION } from "@/lib/operators/shared/auth-rules";

/** The button that signs out and back in, returning to this page. */
export function SignInAgainButton({ label = "Sign in again" }: { label?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signInAgain();
      }}
      className="rounded bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white disabled:opacity-60"
    >
      {label}
    </button>
  );
}

/** Shown once any console action was refused for a stale sign-in. */
export function ReauthPrompt() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const show = () => setShown(true);
    window.addEventListener(REAUTH_EVENT, show);
    return () => window.removeEventListener(REAUTH_EVENT, show);
  }, []);
  if (!shown) return null;
  return (
    <div role="alert" className="mx-auto mt-4 max-w-6xl px-4">
      <div className="flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
        <p className="min-w-0 flex-1">
          Please sign in again to do this. {FRESH_SIGN_IN_EXPLANATION} You will come back to this page.
        </p>
        <SignInAgainButton />
      </div>
    </div>
  );
}
