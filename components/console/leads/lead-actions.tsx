"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { post } from "@/lib/platform/client/client-post";
import { NOTE_MAX_CHARS, TAG_MAX_CHARS } from "@/lib/leads/shared/lead-labels";
import { usePendingAction } from "@/components/console/use-pending-action";

// The lead page's changes. Each posts to its console API and re-reads the page, so what shows is
// what was stored.

const button = "min-h-11 rounded-md px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50";
const field = "w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

function Status({ error, done, id }: { error: string | null; done: string | null; id: string }) {
  return (
    <p role="status" data-testid={id} className={`text-sm ${error ? "text-red-700" : "text-slate-700"}`}>
      {error ?? done ?? ""}
    </p>
  );
}

export function NoteForm({ leadId }: { leadId: string }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  const [text, setText] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await post("/api/admin/leads/note", { id: leadId, text }, null, "The note was not saved.");
      setText("");
      router.refresh();
    }, "The note was not saved.");
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label="Add a note">
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        New note
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={NOTE_MAX_CHARS}
          rows={3}
          required
          className={field}
        />
      </label>
      <div>
        <button type="submit" disabled={pending || !text.trim()} className={`${button} bg-slate-900 text-white`}>
          Add note
        </button>
      </div>
      <Status error={error} done={null} id="note-status" />
    </form>
  );
}

export function TagEditor({ leadId, tags, canEdit }: { leadId: string; tags: string[]; canEdit: boolean }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  const [tag, setTag] = useState("");
  const change = (body: { add: string } | { remove: string }) =>
    run(async () => {
      await post("/api/admin/leads/tags", { id: leadId, ...body }, null, "The tags were not changed.");
      setTag("");
      router.refresh();
    }, "The tags were not changed.");
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-wrap gap-2" aria-label="Tags" data-testid="lead-tags">
        {tags.length === 0 && <li className="text-slate-600">No tags.</li>}
        {tags.map((t) => (
          <li key={t} className="flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1">
            {t}
            {canEdit && (
              <button
                type="button"
                disabled={pending}
                onClick={() => void change({ remove: t })}
                aria-label={`Remove tag ${t}`}
                className="rounded-full px-1 text-slate-600 hover:bg-slate-200"
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Add a tag"
          onSubmit={(event) => {
            event.preventDefault();
            void change({ add: tag });
          }}
        >
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
            New tag
            <input value={tag} onChange={(e) => setTag(e.target.value)} maxLength={TAG_MAX_CHARS} className={field} />
          </label>
          <button type="submit" disabled={pending || !tag.trim()} className={`${button} bg-slate-900 text-white`}>
            Add tag
          </button>
        </form>
      )}
      <Status error={error} done={null} id="tag-status" />
    </div>
  );
}

export function ResendWelcomeButton({ leadId }: { leadId: string }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <div>
        <button
          type="button"
          disabled={pending}
          className={`${button} border border-slate-300 bg-white`}
          onClick={() =>
            void run(async () => {
              setDone(null);
              await post("/api/admin/leads/resend-welcome", { id: leadId }, null, "The e-mail was not queued.");
              setDone("The welcome e-mail is queued.");
              router.refresh();
            }, "The e-mail was not queued.")
          }
        >
          Resend the welcome e-mail
        </button>
      </div>
      <Status error={error} done={done} id="resend-status" />
    </div>
  );
}

export function EraseLead({ leadId, email }: { leadId: string; email: string }) {
  const router = useRouter();
  const { pending, error, run } = usePendingAction();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  if (!confirming)
    return (
      <div>
        <button type="button" className={`${button} bg-red-700 text-white`} onClick={() => setConfirming(true)}>
          Erase this lead…
        </button>
      </div>
    );
  return (
    <form
      aria-label="Confirm the erasure"
      className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          await post("/api/admin/leads/erase", { id: leadId, confirmEmail: typed }, null, "Nothing was erased.");
          router.push("/admin/leads");
          return true;
        }, "Nothing was erased.");
      }}
    >
      <p className="text-sm text-red-900">
        Erasing deletes this person&apos;s lead, notes, tags, answers and contact details everywhere, as a privacy
        request would. It cannot be undone. Type <strong className="break-all">{email}</strong> to confirm.
      </p>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        The lead&apos;s e-mail address
        <input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" className={field} />
      </label>
      <div className="flex gap-2">
        <button type="submit" disabled={pending || !typed.trim()} className={`${button} bg-red-700 text-white`}>
          Erase permanently
        </button>
        <button type="button" className={`${button} bg-white`} onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
      <Status error={error} done={null} id="erase-status" />
    </form>
  );
}
