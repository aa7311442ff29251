"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { LEAD_TRACKS } from "@/lib/leads/shared/lead-filter";
import { DEFAULT_RATE_PER_MINUTE } from "@/lib/lifecycle/shared/broadcast-input";
import { FormAlert, FormDone, PendingButton } from "@/components/console/console-form-parts";
import { usePendingAction } from "@/components/console/use-pending-action";
import { TRACK_LABELS } from "@/components/console/leads/lead-filter-form";
import { EmailComposer, type ComposerDraft } from "@/components/console/email/email-composer";

// A new broadcast: the segment in the leads list's fields with a live count, the e-mail in the
// composer (preview, test send, save as draft), the rate, now or a time. One draft per form: a
// second save or the schedule updates the draft saved first.

const field = "w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";
const labelClass = "flex flex-col gap-1 text-xs font-medium text-slate-600";
const savedSchema = z.object({ id: z.string() });
const countSchema = z.object({ count: z.number() });
const scheduledSchema = z.object({ id: z.string(), scheduledAt: z.string() });

type Segment = { q: string; from: string; to: string; qualified: string; track: string; source: string };
const NO_SEGMENT: Segment = { q: "", from: "", to: "", qualified: "", track: "", source: "" };

export function BroadcastForm() {
  const router = useRouter();
  const [name, setName] = useState("");
  const [segment, setSegment] = useState<Segment>(NO_SEGMENT);
  const [draft, setDraft] = useState<ComposerDraft>({
    subject: "",
    preheader: "",
    markdown: "Hello {{first_name|there}},\n\n",
  });
  const [savedId, setSavedId] = useState<string | null>(null);
  const [rate, setRate] = useState(String(DEFAULT_RATE_PER_MINUTE));
  const [when, setWhen] = useState<"now" | "at">("now");
  const [at, setAt] = useState("");
  const [count, setCount] = useState<string>("…");
  const [done, setDone] = useState<string | null>(null);
  const { pending, error, setError, run } = usePendingAction();

  useEffect(() => {
    // A short pause, so the count follows the typing without a request per key.
    const timer = setTimeout(() => {
      post("/api/admin/broadcasts/audience", { segment }, countSchema, "The audience could not be counted.")
        .then((answer) => setCount(answer.count.toLocaleString("en-US")))
        .catch((failure: unknown) => setCount(failure instanceof Error ? failure.message : "not counted"));
    }, 400);
    return () => clearTimeout(timer);
  }, [segment]);

  const set = (key: keyof Segment) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setSegment({ ...segment, [key]: event.target.value });

  function ratePerMinute(): number {
    const value = Number(rate);
    if (!Number.isInteger(value) || value < 1)
      throw new Error("Enter the rate as a whole number of e-mails per minute.");
    return value;
  }

  async function saveDraft(current: ComposerDraft): Promise<string> {
    const { subject, preheader, markdown: body } = current;
    const saved = await post(
      "/api/admin/broadcasts",
      { id: savedId, broadcast: { name, subject, preheader, body, segment, ratePerMinute: ratePerMinute() } },
      savedSchema,
      "The broadcast could not be saved.",
    );
    setSavedId(saved.id);
    router.refresh();
    return saved.id;
  }

  function schedule() {
    setDone(null);
    if (when === "at" && (!at || Number.isNaN(new Date(at).getTime()))) {
      setError("Choose the date and time to send it.");
      return;
    }
    void run(async () => {
      const id = await saveDraft(draft);
      const result = await post(
        "/api/admin/broadcasts/schedule",
        { id, at: when === "now" ? null : new Date(at).toISOString() },
        scheduledSchema,
        "The broadcast was saved as a draft but could not be scheduled.",
      );
      // Scheduled: the next save starts a new broadcast.
      setSavedId(null);
      setDone(`Scheduled for ${new Date(result.scheduledAt).toLocaleString()}.`);
      router.refresh();
    }, "The broadcast could not be saved.");
  }

  return (
    <section aria-label="New broadcast" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <label className={labelClass}>
        Name (for the console)
        <input required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} className={field} />
      </label>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-1 text-sm font-semibold">
          Audience: <span data-testid="audience-count">{count}</span> leads
        </legend>
        <label className={labelClass}>
          Name or e-mail contains
          <input value={segment.q} onChange={set("q")} minLength={3} maxLength={100} className={field} />
        </label>
        <label className={labelClass}>
          Created from (UTC)
          <input type="date" value={segment.from} onChange={set("from")} className={field} />
        </label>
        <label className={labelClass}>
          Created to (UTC, included)
          <input type="date" value={segment.to} onChange={set("to")} className={field} />
        </label>
        <label className={labelClass}>
          Qualified
          <select value={segment.qualified} onChange={set("qualified")} className={field}>
            <option value="">Any</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </label>
        <label className={labelClass}>
          Track
          <select value={segment.track} onChange={set("track")} className={field}>
            <option value="">Any</option>
            {LEAD_TRACKS.map((track) => (
              <option key={track} value={track}>
                {TRACK_LABELS[track]}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          First source
          <input value={segment.source} onChange={set("source")} maxLength={100} className={field} />
        </label>
        <p className="text-xs text-slate-500 sm:col-span-3">
          Only leads who received an e-mail before, have not unsubscribed and are not flagged as test or spam.
        </p>
      </fieldset>
      <EmailComposer
        draft={draft}
        previewEndpoint="/api/admin/email-composer/preview"
        testSendEndpoint="/api/admin/email-composer/test-send"
        onSave={async (current) => {
          await saveDraft(current);
          return "Saved as a draft.";
        }}
        onChange={setDraft}
        saveLabel="Save as draft"
      />
      <div className="flex flex-wrap items-end gap-3">
        <label className={labelClass}>
          E-mails per minute
          <input type="number" min={1} value={rate} onChange={(e) => setRate(e.target.value)} className={field} />
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="radio" name="when" checked={when === "now"} onChange={() => setWhen("now")} /> Now
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="radio" name="when" checked={when === "at"} onChange={() => setWhen("at")} /> At
        </label>
        <input
          type="datetime-local"
          aria-label="Send at"
          value={at}
          disabled={when === "now"}
          onChange={(e) => setAt(e.target.value)}
          className={`${field} w-auto`}
        />
      </div>
      <FormAlert text={error} />
      <FormDone text={done} />
      <div className="flex gap-2">
        <PendingButton
          type="button"
          onClick={schedule}
          pending={pending}
          label="Schedule"
          pendingLabel="Saving…"
          className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white"
        />
      </div>
    </section>
  );
}
