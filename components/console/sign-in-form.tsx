"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { OPERATOR_AUTH_BASE_PATH } from "@/lib/operators/shared/auth-rules";
import { isObject } from "@/lib/operators/client/auth-call";
import { signInWithPasskey } from "@/lib/operators/client/passkeys";
import { verifyRecoveryCode, verifyTotp } from "@/lib/operators/client/two-factor";
import { usePendingAction } from "./use-pending-action";
import { ConsoleField, FormAlert, PendingButton, WIDE_SUBMIT } from "./console-form-parts";

// Plain fetch: better-auth's client library would add weight for one call. The session's length is
// the server's rule, so no rememberMe is sent.

const WRONG = "The e-mail or password is not right.";

async function messageOf(response: Response): Promise<string> {
  if (response.status === 429 || response.status === 403) {
    const body: unknown = await response.json().catch(() => null);
    // better-auth answers { message }; the app's gate (another address of the site) { error: { message } }.
    const message = isObject(body) ? (isObject(body.error) ? body.error.message : body.message) : null;
    if (typeof message === "string" && message) return message;
    return response.status === 429 ? "Too many attempts. Please wait a while and try again." : WRONG;
  }
  if (response.status === 401 || response.status === 400) return WRONG;
  return "Signing in did not work. Please try again.";
}

const asksForCode = (body: unknown) =>
  typeof body === "object" && body !== null && "twoFactorRedirect" in body && body.twoFactorRedirect === true;

const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** `returnTo`: a console path already checked by safeReturnPath. */
export function SignInForm({ returnTo }: { returnTo: string }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  const [step, setStep] = useState<"password" | "totp" | "recovery">("password");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(async () => {
      const response = await fetch(`${OPERATOR_AUTH_BASE_PATH}/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
      }).catch(() => {
        throw new Error("The console could not be reached. Please try again.");
      });
      if (!response.ok) throw new Error(await messageOf(response));
      if (asksForCode(await response.json().catch(() => null))) {
        setStep("totp");
        return false;
      }
      router.replace(returnTo);
      return true;
    }, "Signing in did not work. Please try again.");
  }

  async function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = textOf(new FormData(event.currentTarget), "code").trim();
    await run(async () => {
      await (step === "recovery" ? verifyRecoveryCode(code) : verifyTotp(code));
      router.replace(returnTo);
      return true;
    }, "Checking the code did not work. Please try again.");
  }

  async function onPasskey() {
    await run(async () => {
      await signInWithPasskey();
      router.replace(returnTo);
      return true;
    }, "Signing in with a passkey did not work.");
  }

  if (step !== "password") {
    const recovery = step === "recovery";
    return (
      <form key={step} onSubmit={(event) => void onCode(event)} className="mt-6 space-y-4" noValidate>
        <p className="text-sm text-slate-700">
          {recovery
            ? "Enter one of the recovery codes you saved when you set up the app. Each works once."
            : "Enter the 6-digit code your authenticator app shows for the console."}
        </p>
        <ConsoleField
          label={recovery ? "Recovery code" : "Authenticator code"}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          maxLength={recovery ? 11 : 6}
          required
          autoFocus
        />
        <FormAlert text={error} />
        <PendingButton pending={pending} label="Continue" pendingLabel="Checking…" className={WIDE_SUBMIT} />
        <button
          type="button"
          onClick={() => setStep(recovery ? "totp" : "recovery")}
          className="w-full text-center text-sm text-slate-700 underline"
        >
          {recovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
        </button>
      </form>
    );
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
