"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { FORM_BUTTON } from "@/components/site/cta-styles";
import { Dialog } from "@/components/ui/dialog";
import { RegistrationRetry, RETRY_TITLE } from "@/components/lead-capture/registration-retry";
import { useToast } from "@/components/ui/toast";
import { submitSurvey, type RegistrationResult } from "@/lib/leads/client/lead-api";
import type { Contact } from "@/lib/leads/shared/contact-rules";
import {
  answersFromRecord,
  FREE_TEXT_MAX,
  NON_OWNER_QUESTIONS,
  OPENING_QUESTION,
  OWNER_QUESTIONS,
  type SurveyAnswers,
  type SurveyQuestion,
} from "@/lib/leads/shared/survey-questions";
import { trackAction } from "@/lib/leads/client/track-action";

// The survey (docs/product.md#survey): qualified visitors go to /vip-detected, everyone else to
// the one-time offer, but only once the background registration stored the visitor.

type Track = "Yes" | "No";
type Phase =
  | { kind: "asking" }
  | { kind: "checking" }
  | { kind: "ready" }
  | { kind: "unregistered"; answers: SurveyAnswers; problem: string; retrying: boolean };

const optionClass =
  "w-full rounded-xl border-2 border-slate-200 px-4 py-3 text-left font-semibold text-ink hover:border-brand hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50";
const primaryClass = `${FORM_BUTTON} w-full`;

type SurveyDialogProps = {
  registration: Promise<RegistrationResult>;
  contact: Contact;
  onRetry: (contact: Contact) => Promise<RegistrationResult>;
  onClose: () => void;
};

export function SurveyDialog({ registration, contact, onRetry, onClose }: SurveyDialogProps) {
  const router = useRouter();
  const toast = useToast();
  const [track, setTrack] = useState<Track | null>(null);
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState("");
  const [phase, setPhase] = useState<Phase>({ kind: "asking" });
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const questions: readonly SurveyQuestion<string>[] =
    track === "Yes" ? OWNER_QUESTIONS : track === "No" ? NON_OWNER_QUESTIONS : [];
  const question = questions[index];

  async function finish(finalTrack: Track, all: Record<string, string>) {
    const payload = answersFromRecord(finalTrack, all);
    if (!payload) return;
    setPhase({ kind: "checking" });
    trackAction("survey_submit", { track: finalTrack === "Yes" ? "business_owner" : "non_owner" });
    await complete(payload, registration);
  }

  // A failed registration must not end in "on its way to your inbox" nor an offer page that does
  // not know who they are.
  async function complete(payload: SurveyAnswers, pending: Promise<RegistrationResult>) {
    const registered = await pending;
    if (!mounted.current) return;
    if (!registered.ok) {
      toast({ title: RETRY_TITLE, description: registered.problem, variant: "error" });
      setPhase({ kind: "unregistered", answers: payload, problem: registered.problem, retrying: false });
      return;
    }
    const qualified = await submitSurvey(payload);
    trackAction("qualification_result", { qualified });
    if (!mounted.current) return;
    if (qualified) {
      onClose();
      router.push("/vip-detected");
    } else {
      setPhase({ kind: "ready" });
    }
  }

  function answer(value: string) {
    if (!track || !question) return;
    const all = { ...answers, [question.key]: value };
    setAnswers(all);
    setDraft("");
    if (index + 1 < questions.length) setIndex(index + 1);
    else void finish(track, all);
  }

  if (phase.kind === "unregistered") {
    return (
      <RegistrationRetry
        initial={contact}
        problem={phase.problem}
        busy={phase.retrying}
        onClose={onClose}
        onRetry={(details) => {
          setPhase({ ...phase, retrying: true });
          void complete(phase.answers, onRetry(details));
        }}
      />
    );
  }

  if (phase.kind === "ready") {
    return (
      <Dialog open onClose={onClose} title="Your Free Copy Is Ready!">
        <p className="mt-3 text-slate-700">
          The download link for Fast Forward is on its way to your inbox. Before you dive in, there is one more thing we
          would like to show you.
        </p>
        <button
          type="button"
          className={`${primaryClass} mt-6`}
          onClick={() => router.replace("/oto-realtime-ai-academy")}
        >
          Continue
        </button>
      </Dialog>
    );
  }

  const busy = phase.kind === "checking";
  const title = track === null ? "Quick Question" : `Question ${index + 1}/${questions.length}`;
  return (
    <Dialog open onClose={onClose} title={title}>
      {track === null ? (
        <fieldset className="mt-4">
          <legend className="text-lg font-semibold text-slate-800">{OPENING_QUESTION.prompt}</legend>
          <div className="mt-4 flex flex-col gap-3">
            {OPENING_QUESTION.options.map((option) => (
              <button
                key={option}
                type="button"
                className={optionClass}
                onClick={() => {
                  setTrack(option);
                  setIndex(0);
                }}
              >
                {option}
              </button>
            ))}
          </div>
        </fieldset>
      ) : question?.kind === "choice" ? (
        <fieldset className="mt-4" disabled={busy}>
          <legend className="text-lg font-semibold text-slate-800">{question.prompt}</legend>
          <div className="mt-4 flex flex-col gap-3">
            {question.options.map((option) => (
              <button key={option} type="button" className={optionClass} onClick={() => answer(option)}>
                {option}
              </button>
            ))}
          </div>
        </fieldset>
      ) : question?.kind === "text" ? (
        <form
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault();
            answer(draft.trim());
          }}
        >
          <label className="block text-lg font-semibold text-slate-800">
            {question.prompt}
            <textarea
              name={question.key}
              rows={3}
              // The server refuses longer answers; stopping the typing here keeps them from being lost.
              maxLength={FREE_TEXT_MAX}
              value={draft}
              placeholder={question.placeholder}
              onChange={(e) => setDraft(e.target.value)}
              className="mt-3 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base font-normal focus:border-brand focus:outline-2 focus:outline-brand/40"
            />
          </label>
          <button type="submit" disabled={busy} className={`${primaryClass} mt-4`}>
            Continue
          </button>
        </form>
      ) : null}
      {busy && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Checking your answers…
        </p>
      )}
    </Dialog>
  );
}
