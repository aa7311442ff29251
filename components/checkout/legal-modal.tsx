"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { formatUsd } from "@/lib/shared/money";

type Tab = "terms" | "privacy";

const TABS: ReadonlyArray<readonly [Tab, string]> = [
  ["terms", "Terms of Service"],
  ["privacy", "Privacy Policy"],
];

export function LegalModal({
  open,
  initialTab,
  onClose,
  providerName,
  seatPrice,
}: {
  open: boolean;
  initialTab: Tab;
  onClose: () => void;
  providerName: string;
  /** The catalog's seat price, in US cents. */
  seatPrice: number;
}) {
  const [tab, setTab] = useState<Tab>(initialTab);
  // Keyed on (open, initialTab): every opening starts on the tab whose link was clicked.
  const opening = open ? initialTab : null;
  const [shownFor, setShownFor] = useState<Tab | null>(opening);
  if (opening !== shownFor) {
    setShownFor(opening);
    if (opening) setTab(opening);
  }
  const tabClass = (active: boolean) =>
    `rounded-t-lg px-4 py-2 text-sm font-semibold ${active ? "border-b-2 border-brand text-brand" : "text-slate-600"}`;
  return (
    <Dialog open={open} onClose={onClose} title="Legal">
      <div role="tablist" aria-label="Legal documents" className="mt-4 flex gap-2 border-b border-slate-200">
        {TABS.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tabClass(tab === key)}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-4 max-h-80 space-y-3 overflow-y-auto text-sm text-slate-700">
        {tab === "terms" ? (
          <>
            <p>
              The team training is sold by {providerName} at {formatUsd(seatPrice)} per seat per month, billed monthly
              to the card you enter until you cancel. The program lasts 30 days.
            </p>
            <p>
              90-day ROI guarantee: if your team does not build at least one tool that pays for the program, ask for a
              full refund within 90 days.
            </p>
            <p>Seats can be added or removed before payment; after payment, contact us to change your team size.</p>
            <p>
              The full terms are at{" "}
              <a className="underline" href="/terms" target="_blank" rel="noopener">
                /terms
              </a>
              .
            </p>
          </>
        ) : (
          <>
            <p>
              We use your name and e-mail to create your account, send your receipt and run the training. Card details
              go straight to our payment processor; we never see or store your card number.
            </p>
            <p>
              You may ask to access, correct or delete your data at any time. The full policy is at{" "}
              <a className="underline" href="/privacy" target="_blank" rel="noopener">
                /privacy
              </a>
              .
            </p>
          </>
        )}
      </div>
    </Dialog>
  );
}
