"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { OPERATOR_AUTH_BASE_PATH } from "@/lib/operators/shared/auth-rules";
import { signInWithPasskey } from "@/lib/operators/client/passkeys";
import { usePendingAction } from "./use-pending-action";
import { ConsoleField, FormAlert, PendingButton, WIDE_SUBMIT } from "./console-form-parts";

// Plain fetch: better-auth's client library would add weight for one call.

const WRONG = "The e-mail or password is not right.";

async function messageOf(response: Response): Promise<string> {
  if (response.status === 429) {
    const body: unknown = await response.json().catch(() => null);
    const message = body && typeof body === "object" && "message" in body ? body.message : null;
    return typeof message === "string" ? message : "Too many attempts. Please wait a while and try again.";
  }
  if (response.status === 401 || response.status === 400) return WRONG;
  return "Signing in did not work. Please try again.";
}

/** `returnTo`: a console path already checked by safeReturnPath. */
export function SignInForm({ returnTo }: { returnTo: string }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(async () => {
      const response = await fetch(`${OPERATOR_AUTH_BASE_PATH}/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: form.get("email"), password: form.get("password"), rememberMe: false }),
      }).catch(() => {
        throw new Error("The console could not be reached. Please try again.");
      });
      if (!response.ok) throw new Error(await messageOf(response));
      router.replace(returnTo);
      return true;
    }, "Signing in did not work. Please try again.");
  }

  async function onPasskey() {
    await run(async () => {
      await signInWithPasskey();
      router.replace(returnTo);
      return true;
    }, "Signing in with a passkey did not work.");
  }

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-4" noValidate>
        <ConsoleField label="E-mail" name="email" type="email" autoComplete="username" required />
        <ConsoleField label="Password" name="password" type="password" autoComplete="current-password" required />
        <FormAlert text={error} />
        <PendingButton pending={pending} label="Sign in" pendingLabel="Signing in…" className={WIDE_SUBMIT} />
      </form>
      {/* The password form's button already has the name "Sign in". */}
      <p className="my-4 text-center text-sm text-slate-500">or sign in with a passkey</p>
      <button
        type="button"
        onClick={() => void onPasskey()}
        disabled={pending}
        className="w-full rounded border border-slate-900 px-4 py-2 font-semibold disabled:opacity-60"
      >
        Use a passkey
      </button>
    </>
  );
}
