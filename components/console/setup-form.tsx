"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { post } from "@/lib/platform/client/client-post";
import { OPERATOR_PASSWORD_MIN } from "@/lib/operators/shared/auth-rules";
import { usePendingAction } from "./use-pending-action";
import { ConsoleField, FormAlert, PendingButton, WIDE_SUBMIT } from "./console-form-parts";

type Answer = { success: true };
const isAnswer = (body: unknown): body is Answer =>
  typeof body === "object" && body !== null && "success" in body && body.success === true;

const textOf = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const PASSWORD = {
  type: "password",
  autoComplete: "new-password",
  minLength: OPERATOR_PASSWORD_MIN,
  maxLength: 128,
  required: true,
} as const;

export function SetupForm({ token }: { token: string }) {
  const router = useRouter();
  const { pending, error, setError, run } = usePendingAction();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = textOf(form, "password");
    if (password !== textOf(form, "confirm")) {
      setError("The two passwords differ.");
      return;
    }
    await run(async () => {
      await post(
        "/api/admin/setup",
        { token, password },
        isAnswer,
        "Setting the password did not work. Please try again.",
      );
      router.replace("/admin/sign-in?setup=done");
      return true;
    }, "Setting the password did not work.");
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-4">
      <p className="text-sm text-slate-600">At least {OPERATOR_PASSWORD_MIN} characters. The link works once.</p>
      <ConsoleField label="New password" name="password" {...PASSWORD} />
      <ConsoleField label="Repeat it" name="confirm" {...PASSWORD} />
      <FormAlert text={error} />
      <PendingButton pending={pending} label="Set password" pendingLabel="Saving…" className={WIDE_SUBMIT} />
    </form>
  );
}
