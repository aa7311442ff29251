"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import {
  renewRecoveryCodes,
  startTotp,
  turnOffTotp,
  verifyTotp,
  type TotpEnrolment,
} from "@/lib/operators/client/two-factor";
import { ConsoleField, DARK_SUBMIT, FormNotice, PendingButton, type Notice } from "./console-form-parts";

// Every change asks for the password again; the server also wants a sign-in under 10 minutes old.

const textOf = (event: FormEvent<HTMLFormElement>, name: string) => {
  const value = new FormData(event.currentTarget).get(name);
  return typeof value === "string" ? value : "";
};

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="font-medium">Save these recovery codes now; they are shown only once. Each signs you in once.</p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

export function TotpManager({ enabled, recoveryCodesLeft }: { enabled: boolean; recoveryCodesLeft: number }) {
  const router = useRouter();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  async function run(action: () => Promise<string>) {
    setPending(true);
    setNotice(null);
    try {
      setNotice({ ok: true, text: await action() });
      router.refresh();
    } catch (failure) {
      setNotice({ ok: false, text: failure instanceof Error ? failure.message : "That did not work." });
    }
    setPending(false);
  }

  const onStart = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = textOf(event, "password");
    void run(async () => {
      setEnrolment(await startTotp(password));
      return "Add the key below to your authenticator app, then enter the code it shows.";
    });
  };
  const onVerify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = textOf(event, "code").trim();
    void run(async () => {
      await verifyTotp(code);
      setCodes(enrolment?.recoveryCodes ?? null);
      setEnrolment(null);
      return "The authenticator app is on. Password sign-ins now ask for its code.";
    });
  };
  const onRenew = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = textOf(event, "password");
    void run(async () => {
      setCodes(await renewRecoveryCodes(password));
      return "New recovery codes made; the old ones no longer work.";
    });
  };
  const onTurnOff = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = textOf(event, "turnOffPassword");
    void run(async () => {
      await turnOffTotp(password);
      setCodes(null);
      return "The authenticator app is off.";
    });
  };

  return (
    <div className="space-y-4">
      {codes && <RecoveryCodes codes={codes} />}
      {enabled ? (
        <>
          <p className="text-sm text-slate-700" data-testid="totp-status">
            On. {recoveryCodesLeft} of 10 recovery codes left.
          </p>
          <form onSubmit={onRenew} className="flex flex-wrap items-end gap-3">
            <ConsoleField label="Password" name="password" type="password" autoComplete="current-password" required />
            <PendingButton pending={pending} label="New recovery codes" className={DARK_SUBMIT} />
          </form>
          <form onSubmit={onTurnOff} className="flex flex-wrap items-end gap-3">
            <ConsoleField
              label="Password to turn it off"
              name="turnOffPassword"
              type="password"
              autoComplete="current-password"
              required
            />
            <PendingButton
              pending={pending}
              label="Turn off the app"
              className="rounded border border-slate-300 px-4 py-2"
            />
          </form>
        </>
      ) : enrolment ? (
        <form onSubmit={onVerify} className="space-y-3">
          <p className="text-sm text-slate-700">
            In your authenticator app, add an account with this key (time-based, 6 digits):
          </p>
          <p className="font-mono text-sm break-all" data-testid="totp-secret">
            {enrolment.secret}
          </p>
          <p className="text-sm">
            <a href={enrolment.totpURI} className="underline">
              Open in an authenticator app on this device
            </a>
          </p>
          <ConsoleField
            label="Code from the app"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            required
          />
          <PendingButton pending={pending} label="Turn on" className={DARK_SUBMIT} />
        </form>
      ) : (
        <form onSubmit={onStart} className="flex flex-wrap items-end gap-3">
          <ConsoleField label="Password" name="password" type="password" autoComplete="current-password" required />
          <PendingButton pending={pending} label="Set up an authenticator app" className={DARK_SUBMIT} />
        </form>
      )}
      <FormNotice notice={notice} />
    </div>
  );
}
