"use client";

import { useState, type FormEvent } from "react";
import { z } from "zod";
import { useToast } from "@/components/ui/toast";
import { ContactFields } from "@/components/lead-capture/contact-fields";
import { FORM_BUTTON } from "@/components/site/cta-styles";
import { post } from "@/lib/platform/client/client-post";
import { contactProblem } from "@/lib/leads/shared/contact-rules";
import {
  PRIVACY_DETAILS_MAX,
  PRIVACY_TYPE_MISSING_MESSAGE,
  PRIVACY_REQUEST_TYPES,
  type PrivacyRequestType,
} from "@/lib/privacy/shared/request-types";
import type { privacyRequestSchema } from "@/lib/privacy/server/submit-privacy-request";

// The form shows the answer date in place of itself.

const answerSchema = z.object({ requestId: z.string(), respondBy: z.iso.datetime() });
const FAILED = "We could not send your request. Please try again, or e-mail us instead.";

export function PrivacyRequestForm({ providerEmail }: { providerEmail: string }) {
  const toast = useToast();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [requestType, setRequestType] = useState<PrivacyRequestType | "">("");
  const [details, setDetails] = useState("");
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<z.infer<typeof answerSchema> | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = contactProblem(name, email);
    if (invalid) return toast({ title: invalid, variant: "error" });
    if (!requestType) return toast({ title: PRIVACY_TYPE_MISSING_MESSAGE, variant: "error" });
    setSending(true);
    try {
      const body: z.input<typeof privacyRequestSchema> = { name, email, requestType, details };
      setAnswer(await post("/api/privacy-request", body, answerSchema, FAILED));
    } catch (error) {
      toast({ title: error instanceof Error ? error.message : FAILED, variant: "error" });
    } finally {
      setSending(false);
    }
  }

  if (answer) {
    const due = new Date(answer.respondBy).toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    return (
      <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950">
        <p className="font-bold">We received your request.</p>
        <p className="mt-2">
          We will verify your identity and answer by {due}. A confirmation is on its way to your inbox; your reference
          is {answer.requestId}.
        </p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <ContactFields name={name} email={email} onName={setName} onEmail={setEmail} />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700">What would you like us to do?</legend>
        {PRIVACY_REQUEST_TYPES.map((type) => (
          <label key={type.value} className="flex items-start gap-3 text-base text-slate-800">
            <input
              type="radio"
              name="requestType"
              value={type.value}
              checked={requestType === type.value}
              onChange={() => setRequestType(type.value)}
              className="mt-1.5 size-4 shrink-0 accent-brand"
            />
            {type.label}
          </label>
        ))}
      </fieldset>
      <label className="block text-sm font-medium text-slate-700">
        Details (optional)
        <textarea
          name="details"
          rows={4}
          maxLength={PRIVACY_DETAILS_MAX}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base text-ink focus:border-brand focus:ring-2 focus:ring-brand/30 focus:outline-none"
        />
      </label>
      <button type="submit" disabled={sending} className={`${FORM_BUTTON} self-start`}>
        {sending ? "Sending…" : "Send my request"}
      </button>
      <p className="text-sm text-slate-600">
        You can also e-mail{" "}
        <a className="font-medium text-brand-dark underline" href={`mailto:${providerEmail}`}>
          {providerEmail}
        </a>
        .
      </p>
    </form>
  );
}
