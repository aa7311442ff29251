"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FORM_BUTTON } from "@/components/site/cta-styles";
import { useToast } from "@/components/ui/toast";
import { ContactFields } from "@/components/lead-capture/contact-fields";
import { contactProblem, type Contact } from "@/lib/leads/shared/contact-rules";

// Nothing was stored, so no e-mail is coming: say so and let the visitor resend (editable, since a
// 400 means the details were refused).

export const RETRY_TITLE = "We couldn't save your details";

type Props = {
  initial: Contact;
  problem: string;
  busy: boolean;
  onRetry: (contact: Contact) => void;
  onClose: () => void;
};

export function RegistrationRetry({ initial, problem, busy, onRetry, onClose }: Props) {
  const toast = useToast();
  const [name, setName] = useState(initial.name);
  const [email, setEmail] = useState(initial.email);

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = contactProblem(name, email);
    if (invalid) {
      toast({ title: invalid, variant: "error" });
      return;
    }
    onRetry({ name, email });
  }

  return (
    <Dialog open onClose={onClose} title={RETRY_TITLE}>
      <p className="mt-3 text-slate-700">Your free copy has not been sent yet: {problem} Your answers are kept.</p>
      <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
        <fieldset disabled={busy} className="flex flex-col gap-4">
          <ContactFields name={name} email={email} onName={setName} onEmail={setEmail} />
          <button type="submit" className={FORM_BUTTON}>
            Try Again
          </button>
        </fieldset>
      </form>
      {busy && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Sending your details…
        </p>
      )}
    </Dialog>
  );
}
