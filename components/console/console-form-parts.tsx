import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from "react";

// Markup the console's forms share, so a field, an error or a busy button looks the same everywhere.

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string };

export function ConsoleField({ label, ...input }: FieldProps) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <input {...input} className="mt-1 block w-full rounded border border-slate-300 px-3 py-2" />
    </label>
  );
}

export function FormAlert({ text, className = "" }: { text: string | null; className?: string }) {
  return text ? (
    <p role="alert" className={`${className} text-sm text-red-700`.trim()}>
      {text}
    </p>
  ) : null;
}

export function FormDone({ text }: { text: string | null }) {
  return text ? (
    <p role="status" className="text-sm text-emerald-800">
      {text}
    </p>
  ) : null;
}

export type Notice = { ok: boolean; text: string };

export function FormNotice({ notice, className = "" }: { notice: Notice | null; className?: string }) {
  return notice ? (
    <p
      role={notice.ok ? "status" : "alert"}
      className={["text-sm", className, notice.ok ? "text-green-800" : "text-red-700"].filter(Boolean).join(" ")}
    >
      {notice.text}
    </p>
  ) : null;
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "disabled"> & {
  pending: boolean;
  label: string;
  pendingLabel?: string;
  className: string;
};

export function PendingButton({ pending, label, pendingLabel, className, type = "submit", ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} disabled={pending} className={`${className} disabled:opacity-60`}>
      {pending && pendingLabel ? pendingLabel : label}
    </button>
  );
}

export const DARK_SUBMIT = "rounded bg-slate-900 px-4 py-2 font-semibold text-white";
export const WIDE_SUBMIT = `w-full ${DARK_SUBMIT}`;

type ConfirmProps = {
  label: string;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  error?: string | null;
  children: ReactNode;
};

// The last question before an irreversible money action (refund, cancellation).
export function ConfirmPanel(props: ConfirmProps) {
  return (
    <div
      role="alertdialog"
      aria-label={props.label}
      className="rounded border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      {props.children}
      <div className="mt-2 flex gap-2">
        <PendingButton
          type="button"
          onClick={props.onConfirm}
          pending={props.pending}
          label={props.confirmLabel}
          pendingLabel={props.pendingLabel}
          className="rounded bg-red-700 px-3 py-1.5 text-white"
        />
        <button type="button" onClick={props.onCancel} className="rounded border border-slate-300 px-3 py-1.5">
          {props.cancelLabel}
        </button>
      </div>
      {props.error !== undefined && <FormAlert text={props.error} className="mt-2" />}
    </div>
  );
}

type RowActionProps = Omit<ButtonProps, "type"> & { note: string | null; noteRole: "alert" | "status" };

// A table row's button with its outcome right below it.
export function RowAction({ note, noteRole, ...button }: RowActionProps) {
  return (
    <span className="inline-flex flex-col gap-1">
      <PendingButton type="button" {...button} />
      {note && (
        <span role={noteRole} className={`text-xs ${noteRole === "alert" ? "text-red-700" : "text-slate-600"}`}>
          {note}
        </span>
      )}
    </span>
  );
}
