"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { post } from "@/lib/platform/client/client-post";

const isInvited = (body: unknown): body is { operatorId: string } =>
  typeof body === "object" && body !== null && "operatorId" in body && typeof body.operatorId === "string";

export function InviteOperatorForm() {
  const router = useRouter();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (field: string) => {
      const value = form.get(field);
      return typeof value === "string" ? value : "";
    };
    const email = text("email");
    setPending(true);
    setNotice(null);
    try {
      await post("/api/admin/operators", { email, name: text("name") }, isInvited, "Inviting did not work.");
      setNotice({ ok: true, text: `Invitation sent to ${email.trim()}. The link works for one hour.` });
      formElement.reset();
      router.refresh();
    } catch (failure) {
      setNotice({ ok: false, text: failure instanceof Error ? failure.message : "Inviting did not work." });
    }
    setPending(false);
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <label className="block text-sm font-medium">
        E-mail
        <input
          name="email"
          type="email"
          required
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      <label className="block text-sm font-medium">
        Name
        <input
          name="name"
          required
          maxLength={100}
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      <button
        type="submit"
        disabled={pending}
        className="rounded bg-slate-900 px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        {pending ? "Sending…" : "Send invitation"}
      </button>
      {notice && (
        <p
          role={notice.ok ? "status" : "alert"}
          className={`text-sm sm:col-span-3 ${notice.ok ? "text-green-800" : "text-red-700"}`}
        >
          {notice.text}
        </p>
      )}
    </form>
  );
}
