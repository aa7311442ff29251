"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { post } from "@/lib/platform/client/client-post";
import { OPERATOR_PASSWORD_MIN } from "@/lib/operators/shared/auth-rules";

type Answer = { success: true };
const isAnswer = (body: unknown): body is Answer =>
  typeof body === "object" && body !== null && "success" in body && body.success === true;

const textOf = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function SetupForm({ token }: { token: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = textOf(form, "password");
    if (password !== textOf(form, "confirm")) {
      setError("The two passwords differ.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      await post(
        "/api/admin/setup",
        { token, password },
        isAnswer,
        "Setting the password did not work. Please try again.",
      );
      router.replace("/admin/sign-in?setup=done");
      return;
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Setting the password did not work.");
    }
    setPending(false);
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="mt-6 space-y-4">
      <p className="text-sm text-slate-600">At least {OPERATOR_PASSWORD_MIN} characters. The link works once.</p>
      <label className="block text-sm font-medium">
        New password
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={OPERATOR_PASSWORD_MIN}
          maxLength={128}
          required
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      <label className="block text-sm font-medium">
        Repeat it
        <input
          name="confirm"
          type="password"
          autoComplete="new-password"
          minLength={OPERATOR_PASSWORD_MIN}
          maxLength={128}
          required
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        {pending ? "Saving…" : "Set password"}
      </button>
    </form>
  );
}
