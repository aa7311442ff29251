"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { parseUsd } from "@/lib/shared/money";
import { ConsoleField, DARK_SUBMIT, FormAlert, FormDone, PendingButton } from "./console-form-parts";
import { usePendingAction } from "./use-pending-action";

// A new coupon: percent or dollars off, one product or all, an optional window and limits. Coupons
// are never edited; a change is a deactivation and a new code.

const resultSchema = z.object({ couponId: z.string(), code: z.string() });
const whole = (text: string) => (/^\s*\d{1,7}\s*$/.test(text) ? Number(text) : null);
const optionalWhole = (text: string) => (text.trim() === "" ? null : whole(text));
/** A date typed in the form is the operator's local midnight, sent as an instant. */
const instant = (date: string) => (date ? new Date(`${date}T00:00:00`).toISOString() : null);

export function CouponForm({ products }: { products: { code: string; name: string }[] }) {
  const router = useRouter();
  const [code, setCode] = useState("");
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const [value, setValue] = useState("");
  const [productCode, setProductCode] = useState("");
  const [startsAt, setStartsAt] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [maxRedemptions, setMaxRedemptions] = useState("");
  const [maxPerBuyer, setMaxPerBuyer] = useState("");
  const [months, setMonths] = useState("1");
  const [done, setDone] = useState<string | null>(null);
  const { pending, error, setError, run } = usePendingAction();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setDone(null);
    const amount = kind === "amount" ? parseUsd(value) : null;
    const percent = kind === "percent" ? whole(value) : null;
    const body = {
      code,
      percentOff: percent,
      amountOff: amount,
      productCode: productCode || null,
      startsAt: instant(startsAt),
      endsAt: instant(endsAt),
      maxRedemptions: optionalWhole(maxRedemptions),
      maxPerBuyer: optionalWhole(maxPerBuyer),
      durationMonths: whole(months),
    };
    if (percent === null && amount === null) return setError("Enter the discount: a whole percent or dollars.");
    if (body.durationMonths === null) return setError("Enter how many months a subscription keeps the discount.");
    void run(async () => {
      const result = await post("/api/admin/catalog/coupons", body, resultSchema, "The coupon could not be created.");
      setDone(`Coupon ${result.code} is live.`);
      setCode("");
      setValue("");
      router.refresh();
    }, "The coupon could not be created.");
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="New coupon">
      <div className="grid gap-3 sm:grid-cols-4">
        <ConsoleField label="Code" name="code" value={code} onChange={(e) => setCode(e.target.value)} />
        <label className="block text-sm font-medium">
          Discount
          <select
            className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
            value={kind}
            onChange={(e) => setKind(e.target.value === "amount" ? "amount" : "percent")}
          >
            <option value="percent">percent off</option>
            <option value="amount">dollars off</option>
          </select>
        </label>
        <ConsoleField
          label={kind === "percent" ? "Percent (1–100)" : "Dollars"}
          name="value"
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <label className="block text-sm font-medium">
          Product
          <select
            className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
            value={productCode}
            onChange={(e) => setProductCode(e.target.value)}
          >
            <option value="">every product</option>
            {products.map((product) => (
              <option key={product.code} value={product.code}>
                {product.name}
              </option>
            ))}
          </select>
        </label>
        <ConsoleField
          label="From (optional)"
          name="startsAt"
          type="date"
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
        />
        <ConsoleField
          label="Until (optional)"
          name="endsAt"
          type="date"
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
        />
        <ConsoleField
          label="Uses in all (optional)"
          name="maxRedemptions"
          inputMode="numeric"
          value={maxRedemptions}
          onChange={(e) => setMaxRedemptions(e.target.value)}
        />
        <ConsoleField
          label="Uses per buyer (optional)"
          name="maxPerBuyer"
          inputMode="numeric"
          value={maxPerBuyer}
          onChange={(e) => setMaxPerBuyer(e.target.value)}
        />
        <ConsoleField
          label="Months on seats"
          name="months"
          inputMode="numeric"
          value={months}
          onChange={(e) => setMonths(e.target.value)}
        />
      </div>
      <p className="text-xs text-slate-600">
        A one-time order is always charged at least $0.50; on seats the discount applies to the first months&apos;
        invoices, and a code that would bring one under $0.50 is refused.
      </p>
      <FormAlert text={error} />
      <PendingButton pending={pending} label="Create coupon" pendingLabel="Creating…" className={DARK_SUBMIT} />
      <FormDone text={done} />
    </form>
  );
}
