"use client";

import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { MERGE_FIELDS } from "@/lib/lifecycle/shared/merge-fields";
import { MERGE_FIELD_NAMES, mergeFieldProblem } from "@/lib/lifecycle/shared/marketing-draft";
import { FormAlert, FormNotice, PendingButton, type Notice } from "../console-form-parts";
import { usePendingAction } from "../use-pending-action";

// An operator writes a marketing e-mail: Markdown with merge fields, a preview of the real e-mail
// (the server renders it, legal footer included) at desktop and phone widths, and a test sent to
// their own address whose delivery is followed live. It knows nothing of sequences: the caller
// saves the draft, so a broadcast form can use it as a sequence step does.

export type ComposerDraft = { subject: string; preheader: string; markdown: string };

export type EmailComposerProps = {
  draft: ComposerDraft;
  /** POST a draft, answered with the rendered { subject, html, text }. */
  previewEndpoint: string;
  /** POST a draft to queue a test ({ emailId, to }); GET ?id= answers { label, final }. */
  testSendEndpoint: string;
  /** Stores the draft; answers what to tell the operator. Throws with a readable message. */
  onSave: (draft: ComposerDraft) => Promise<string>;
  saveLabel?: string;
  /** Set when the operator may preview only: why saving and test sends are off. */
  readOnlyReason?: string | null;
  /** Told of every edit, for a caller that acts on the draft with buttons of its own. */
  onChange?: (draft: ComposerDraft) => void;
};

const renderedSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
const sentSchema = z.object({ emailId: z.string(), to: z.string() });
const stateSchema = z.object({ label: z.string(), final: z.boolean() });

const WIDTHS = { desktop: 640, mobile: 375 } as const;
type Width = keyof typeof WIDTHS;
const POLL_MS = 2_000;
const POLL_LIMIT = 150;

function draftProblem(draft: ComposerDraft): string | null {
  for (const [label, text] of [
    ["Subject", draft.subject],
    ["Preheader", draft.preheader],
    ["Body", draft.markdown],
  ] as const) {
    const problem = mergeFieldProblem(text);
    if (problem) return `${label}: ${problem}`;
  }
  return null;
}

export function EmailComposer(props: EmailComposerProps) {
  const [draft, setDraft] = useState<ComposerDraft>(props.draft);
  const [field, setField] = useState<string>(MERGE_FIELD_NAMES[0]!);
  const [fallback, setFallback] = useState("there");
  const [preview, setPreview] = useState<z.infer<typeof renderedSchema> | null>(null);
  const [width, setWidth] = useState<Width>("desktop");
  const [saved, setSaved] = useState<Notice | null>(null);
  const [test, setTest] = useState<{ emailId: string; to: string } | null>(null);
  const [delivery, setDelivery] = useState<string | null>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const previewing = usePendingAction();
  const sending = usePendingAction();
  const saving = usePendingAction();
  const problem = draftProblem(draft);
  const readOnly = Boolean(props.readOnlyReason);

  const edit = (key: keyof ComposerDraft) => (value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    props.onChange?.(next);
    setSaved(null);
  };

  function insertField() {
    const tag = fallback.trim() ? `{{${field}|${fallback.trim()}}}` : `{{${field}}}`;
    const area = body.current;
    const start = area?.selectionStart ?? draft.markdown.length;
    const end = area?.selectionEnd ?? start;
    edit("markdown")(`${draft.markdown.slice(0, start)}${tag}${draft.markdown.slice(end)}`);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + tag.length, start + tag.length);
    });
  }

  const showPreview = () =>
    previewing.run(async () => {
      setPreview(await post(props.previewEndpoint, draft, renderedSchema, "Could not render the preview."));
    }, "Could not render the preview.");

  const sendTest = () =>
    sending.run(async () => {
      setDelivery(null);
      setTest(await post(props.testSendEndpoint, draft, sentSchema, "Could not send the test."));
    }, "Could not send the test.");

  const save = () =>
    saving.run(async () => {
      setSaved({ ok: true, text: await props.onSave(draft) });
    }, "Could not save.");

  useEffect(() => {
    if (!test) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (round: number) => {
      const response = await fetch(`${props.testSendEndpoint}?id=${encodeURIComponent(test.emailId)}`).catch(
        () => null,
      );
      const parsed = stateSchema.safeParse(await response?.json().catch(() => null));
      if (stopped) return;
      if (parsed.success) setDelivery(parsed.data.label);
      if ((parsed.success && parsed.data.final) || round >= POLL_LIMIT) return;
      timer = setTimeout(() => void ask(round + 1), POLL_MS);
    };
    void ask(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [test, props.testSendEndpoint]);

  return (
    <div className="flex flex-col gap-4">
      <label className="block text-sm font-medium">
        Subject
        <input
          value={draft.subject}
          onChange={(event) => edit("subject")(event.target.value)}
          maxLength={200}
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      <label className="block text-sm font-medium">
        Preheader (the line inboxes show after the subject)
        <input
          value={draft.preheader}
          onChange={(event) => edit("preheader")(event.target.value)}
          maxLength={200}
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      <fieldset className="flex flex-wrap items-end gap-2 rounded border border-slate-200 p-3 text-sm">
        <legend className="px-1 font-medium">Merge field</legend>
        <label className="flex flex-col">
          Field
          <select
            value={field}
            onChange={(event) => setField(event.target.value)}
            className="mt-1 rounded border border-slate-300 px-2 py-1.5"
          >
            {MERGE_FIELD_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
                {MERGE_FIELDS[name as keyof typeof MERGE_FIELDS] === "url" ? " (link)" : ""}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Fallback (when the lead&apos;s value is empty)
          <input
            value={fallback}
            onChange={(event) => setFallback(event.target.value.replace(/[{}|]/g, ""))}
            maxLength={60}
            className="mt-1 rounded border border-slate-300 px-2 py-1.5"
          />
        </label>
        <button type="button" onClick={insertField} className="rounded border border-slate-300 px-3 py-1.5">
          Insert field
        </button>
      </fieldset>
      <label className="block text-sm font-medium">
        Body (Markdown)
        <textarea
          ref={body}
          value={draft.markdown}
          onChange={(event) => edit("markdown")(event.target.value)}
          rows={14}
          maxLength={20_000}
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2 font-mono text-sm"
        />
      </label>
      <p className="text-xs text-slate-600">
        Raw HTML shows as text. The footer with the business&apos;s postal address and the unsubscribe link is added to
        every e-mail and cannot be removed.
      </p>
      <FormAlert text={problem} />
      <div className="flex flex-wrap gap-2">
        <PendingButton
          type="button"
          onClick={() => void showPreview()}
          pending={previewing.pending || problem !== null}
          label="Preview"
          pendingLabel={problem ? "Preview" : "Rendering…"}
          className="rounded border border-slate-300 px-4 py-2"
        />
        <PendingButton
          type="button"
          onClick={() => void sendTest()}
          pending={sending.pending || readOnly || problem !== null}
          label="Send test"
          pendingLabel={sending.pending ? "Sending…" : "Send test"}
          className="rounded border border-slate-300 px-4 py-2"
        />
        <PendingButton
          type="button"
          onClick={() => void save()}
          pending={saving.pending || readOnly || problem !== null}
          label={props.saveLabel ?? "Save"}
          pendingLabel={saving.pending ? "Saving…" : (props.saveLabel ?? "Save")}
          className="rounded bg-slate-900 px-4 py-2 font-semibold text-white"
        />
      </div>
      {props.readOnlyReason && <p className="text-sm text-slate-600">{props.readOnlyReason}</p>}
      <FormAlert text={previewing.error ?? sending.error ?? saving.error} />
      <FormNotice notice={saved} />
      {test && (
        <p role="status" aria-label="Test e-mail" className="text-sm text-slate-700">
          Test to {test.to}: <strong data-testid="test-delivery">{delivery ?? "Queued"}</strong>
        </p>
      )}
      {preview && (
        <section aria-label="Preview" className="flex flex-col gap-2 rounded border border-slate-200 p-3">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">Width</span>
            {(Object.keys(WIDTHS) as Width[]).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={width === option}
                onClick={() => setWidth(option)}
                className="rounded border border-slate-300 px-3 py-1 aria-[pressed=true]:bg-slate-900 aria-[pressed=true]:text-white"
              >
                {option === "desktop" ? `Desktop (${WIDTHS.desktop} px)` : `Phone (${WIDTHS.mobile} px)`}
              </button>
            ))}
          </div>
          <p className="text-sm">
            <span className="font-medium">Subject:</span> {preview.subject}
          </p>
          <p className="text-xs text-slate-600">Merged with a sample lead: first name Alex, no last name.</p>
          <div className="overflow-x-auto">
            {/* No scripts, no same origin: the e-mail's HTML cannot reach the console. */}
            <iframe
              title="E-mail preview"
              sandbox=""
              srcDoc={preview.html}
              style={{ width: WIDTHS[width] }}
              className="h-[640px] max-w-none rounded border border-slate-300 bg-white"
            />
          </div>
        </section>
      )}
    </div>
  );
}
