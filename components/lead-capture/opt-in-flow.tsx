"use client";

import { useState } from "react";
import { SurveyDialog } from "@/components/lead-capture/survey-dialog";
import { Dialog } from "@/components/ui/dialog";
import { FORM_BUTTON } from "@/components/site/cta-styles";
import { useToast } from "@/components/ui/toast";
import { register, type RegistrationResult } from "@/lib/leads/client/lead-api";
import { ContactFields } from "@/components/lead-capture/contact-fields";
import { contactProblem, type Contact } from "@/lib/leads/shared/contact-rules";
import { trackAction } from "@/lib/leads/client/track-action";

// The survey opens at once; registration runs in the background and is awaited only at the end.

type OptInFlowProps = { open: boolean; source: string; onClose: () => void };

export function OptInFlow({ open, source, onClose }: OptInFlowProps) {
  const toast = useToast();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [registration, setRegistration] = useState<Promise<RegistrationResult> | null>(null);

  function close() {
    setRegistration(null);
    onClose();
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = contactProblem(name, email);
    if (problem) {
      toast({ title: problem, variant: "error" });
      return;
    }
    trackAction("form_submit", { source });
    setRegistration(register(name.trim(), email.trim()));
  }

  function retry(contact: Contact): Promise<RegistrationResult> {
    setName(contact.name);
    setEmail(contact.email);
    const next = register(contact.name.trim(), contact.email.trim());
    setRegistration(next);
    return next;
  }

  return (
    <>
      <Dialog open={open && !registration} onClose={close} title="Get your free copy of Fast Forward">
        <p className="mt-2 text-slate-700">Tell us where to send your free digital copy.</p>
        {/* noValidate: our toasts replace the browser's bubbles. */}
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
          <ContactFields name={name} email={email} onName={setName} onEmail={setEmail} />
          <button type="submit" disabled={name === "" || email === ""} className={FORM_BUTTON}>
            Send Me My Free Copy
          </button>
          <p className="text-xs text-slate-600">
            By continuing you agree to our{" "}
            <a href="/terms" target="_blank" rel="noopener" className="underline">
              Terms
            </a>{" "}
            and{" "}
            <a href="/privacy" target="_blank" rel="noopener" className="underline">
              Privacy Policy
            </a>
            .
          </p>
        </form>
      </Dialog>
      {open && registration && (
        <SurveyDialog registration={registration} contact={{ name, email }} onRetry={retry} onClose={close} />
      )}
    </>
  );
}
