"use client";

import { reportIfReauthRequired } from "@/lib/operators/client/reauth";
import { useState } from "react";
import { post } from "@/lib/platform/client/client-post";
import { RowAction } from "./console-form-parts";

const isSent = (body: unknown): body is { expiresAt: string } =>
  typeof body === "object" && body !== null && "expiresAt" in body && typeof body.expiresAt === "string";

export function SendSetupLinkButton({ operatorId, email }: { operatorId: string; email: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function send() {
    setPending(true);
    try {
      await post("/api/admin/operators/setup-link", { operatorId }, isSent, "Sending the link did not work.");
      setMessage(`New link sent to ${email}.`);
    } catch (failure) {
      reportIfReauthRequired(failure);
      setMessage(failure instanceof Error ? failure.message : "Sending the link did not work.");
    }
    setPending(false);
  }

  return (
    <RowAction
      onClick={() => void send()}
      pending={pending}
      label="Send a new link"
      pendingLabel="Sending…"
      aria-label={`Send a new setup link to ${email}`}
      className="rounded border border-slate-300 px-2 py-1 text-sm whitespace-nowrap"
      note={message}
      noteRole="status"
    />
  );
}
