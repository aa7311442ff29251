"use client";

import { reportIfReauthRequired } from "@/lib/operators/client/reauth";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { post } from "@/lib/platform/client/client-post";
import { OPERATOR_ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/operators/shared/permissions";
import { ConsoleField, DARK_SUBMIT, FormNotice, PendingButton, type Notice } from "./console-form-parts";

const isInvited = (body: unknown): body is { operatorId: string } =>
  typeof body === "object" && body !== null && "operatorId" in body && typeof body.operatorId === "string";

export function InviteOperatorForm() {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice | null>(null);
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
      await post(
        "/api/admin/operators",
        { email, name: text("name"), role: text("role") },
        isInvited,
        "Inviting did not work.",
      );
      setNotice({ ok: true, text: `Invitation sent to ${email.trim()}. The link works for one hour.` });
      formElement.reset();
      router.refresh();
    } catch (failure) {
      reportIfReauthRequired(failure);
      setNotice({ ok: false, text: failure instanceof Error ? failure.message : "Inviting did not work." });
    }
    setPending(false);
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
    >
      <ConsoleField label="E-mail" name="email" type="email" required />
      <ConsoleField label="Name" name="name" required maxLength={100} />
      <label className="block text-sm font-medium">
        Role
        <select
          name="role"
          defaultValue="operator"
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
        >
          {OPERATOR_ROLES.map((role) => (
            <option key={role} value={role} title={ROLE_DESCRIPTIONS[role]}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </label>
      <PendingButton pending={pending} label="Send invitation" pendingLabel="Sending…" className={DARK_SUBMIT} />
      <FormNotice notice={notice} className="sm:col-span-4" />
    </form>
  );
}
