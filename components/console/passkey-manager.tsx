"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { deletePasskey, registerPasskey } from "@/lib/operators/client/passkeys";
import { ConsoleField, DARK_SUBMIT, FormNotice, PendingButton, type Notice } from "./console-form-parts";

export type OwnPasskey = { id: string; name: string; created: string };

export function PasskeyManager({ passkeys }: { passkeys: OwnPasskey[] }) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<void>, done: string) {
    setPending(true);
    setNotice(null);
    try {
      await action();
      setNotice({ ok: true, text: done });
      router.refresh();
    } catch (failure) {
      setNotice({ ok: false, text: failure instanceof Error ? failure.message : "That did not work." });
    }
    setPending(false);
  }

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = new FormData(event.currentTarget).get("passkeyName");
    const name = (typeof raw === "string" ? raw.trim() : "") || "Passkey";
    void run(() => registerPasskey(name.slice(0, 60)), `Passkey “${name}” added. You can sign in with it now.`);
  }

  return (
    <div className="space-y-4">
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-600">No passkeys yet. A passkey signs you in without a password.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span>
                <span className="font-medium">{passkey.name}</span>
                <span className="block text-xs text-slate-600">added {passkey.created}</span>
              </span>
              <button
                type="button"
                disabled={pending}
                onClick={() => void run(() => deletePasskey(passkey.id), `Passkey “${passkey.name}” removed.`)}
                aria-label={`Remove passkey ${passkey.name}`}
                className="rounded border border-slate-300 px-2 py-1 text-sm disabled:opacity-60"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onAdd} className="flex flex-wrap items-end gap-3">
        <ConsoleField label="Passkey name" name="passkeyName" maxLength={60} placeholder="e.g. Work laptop" />
        <PendingButton pending={pending} label="Add a passkey" className={DARK_SUBMIT} />
      </form>
      <FormNotice notice={notice} />
    </div>
  );
}
