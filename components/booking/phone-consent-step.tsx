"use client";

import { PhoneConsentForm } from "@/components/booking/phone-consent-modal";

// Phone and consent come before the calendar (docs/product.md#booking).

export function PhoneConsentStep({ consentText }: { consentText: string }) {
  return (
    <section
      aria-labelledby="phone-step"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="phone-step" className="text-xl font-bold">
        First, your mobile number
      </h2>
      <PhoneConsentForm consentText={consentText} after="refresh" />
    </section>
  );
}
