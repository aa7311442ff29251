"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { post } from "@/lib/platform/client/client-post";
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
      <ConsoleField label="E-mail" name="email" type="email" required />
      <ConsoleField label="Name" name="name" required maxLength={100} />
      <PendingButton pending={pending} label="Send invitation" pendingLabel="Sending…" className={DARK_SUBMIT} />
      <FormNotice notice={notice} className="sm:col-span-3" />
    </form>
  );
}
