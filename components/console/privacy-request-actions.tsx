"use client";

import { reportIfReauthRequired } from "@/lib/operators/client/reauth";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorCodeOf } from "@/lib/platform/client/client-post";
import { ACTION_LABELS, type RequestAction } from "@/lib/privacy/shared/request-outcomes";

// The export is fetched and saved as a file, so the page can refresh and show it done.

type Props = { requestId: string; action: RequestAction | null; actionDone: boolean; open: boolean };

async function errorMessage(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  reportIfReauthRequired(errorCodeOf(body));
  if (body && typeof body === "object" && "error" in body) {
    const error = (body as { error: { message?: unknown } }).error;
    if (typeof error.message === "string") return error.message;
  }
  return `The request failed (${response.status}).`;
}

async function download(requestId: string): Promise<Response> {
  const response = await fetch(`/api/admin/privacy/export?id=${encodeURIComponent(requestId)}`);
  if (!response.ok) return response;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `privacy-export-${requestId}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return response;
}

const post = (path: string, requestId: string) =>
  fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: requestId }),
  });

const ACTION_PATHS: Record<Exclude<RequestAction, "export">, string> = {
  erase: "/api/admin/privacy/erase",
  opt_out: "/api/admin/privacy/apply",
  limit_sensitive: "/api/admin/privacy/apply",
  withdraw_consent: "/api/admin/privacy/apply",
};

export function PrivacyRequestActions({ requestId, action, actionDone, open }: Props) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function run(kind: "action" | "complete") {
    if (
      kind === "action" &&
      action === "erase" &&
      !window.confirm("Erase this person's data? This cannot be undone.")
    ) {
      return;
    }
    setPending(true);
    setMessage(null);
    try {
      const response =
        kind === "complete"
          ? await post("/api/admin/privacy/complete", requestId)
          : action === "export"
            ? await download(requestId)
            : await post(ACTION_PATHS[action ?? "erase"], requestId);
      if (!response.ok) setMessage(await errorMessage(response));
      else setMessage(kind === "complete" ? "Completed; the requester is e-mailed." : "Done.");
      router.refresh();
    } catch {
      setMessage("The console could not be reached. Try again.");
    } finally {
      setPending(false);
    }
  }

  const button = "rounded-md px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50 min-h-11";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {action && open ? (
          <button
            type="button"
            disabled={pending}
            onClick={() => void run("action")}
            className={`${button} ${action === "erase" ? "bg-red-700 text-white" : "bg-slate-900 text-white"}`}
          >
            {ACTION_LABELS[action]}
            {actionDone ? " (again)" : ""}
          </button>
        ) : null}
        {open ? (
          <button
            type="button"
            disabled={pending || !actionDone}
            onClick={() => void run("complete")}
            className={`${button} bg-emerald-700 text-white`}
          >
            Complete and e-mail the requester
          </button>
        ) : null}
      </div>
      {open && !actionDone ? (
        <p className="text-sm text-slate-600">Carry out the request first; then it can be completed.</p>
      ) : null}
      <p role="status" className="text-sm font-medium" data-testid="action-status">
        {message ?? ""}
      </p>
    </div>
  );
}
