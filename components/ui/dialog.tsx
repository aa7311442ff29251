"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

// Native <dialog>: showModal() makes the rest of the page inert (a real focus trap).

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  dismissible?: boolean;
  hideTitle?: boolean;
  className?: string;
};

export function Dialog({
  open,
  onClose,
  title,
  children,
  dismissible = true,
  hideTitle = false,
  className = "",
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`m-auto w-[min(100%-2rem,32rem)] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-slate-950/60 ${className}`}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div className="relative p-6 sm:p-8">
        <h2 id={titleId} className={hideTitle ? "sr-only" : "pr-8 text-2xl font-extrabold tracking-tight"}>
          {title}
        </h2>
        {dismissible && (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="absolute top-3 right-3 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        )}
        {children}
      </div>
    </dialog>
  );
}
