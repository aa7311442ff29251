"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { decimalUsd, formatUsd, parseUsd } from "@/lib/shared/money";
import { ConfirmPanel, ConsoleField, FormAlert, FormDone } from "./console-form-parts";
import { usePendingAction } from "./use-pending-action";
import { PLAN_RULE_LABELS } from "./plan-rule-labels";
import {
  MAX_INSTALMENTS,
  MIN_INSTALMENTS,
  PLAN_ACCESS_RULES,
  planLabel,
  planTotal,
  type PaymentPlan,
  type PlanAccessRule,
} from "@/lib/payments/shared/payment-plan";

// A new price version of one product; the confirmation says what checkout will charge from then on.

const resultSchema = z.object({ productCode: z.string(), version: z.number(), priceId: z.string() });

export type CurrentPrice = {
  unitAmount: number;
  referenceAmount: number | null;
  minQuantity: number;
  maxQuantity: number;
  plan: PaymentPlan | null;
};

const dollars = (cents: number | null) => (cents === null ? "" : decimalUsd(cents));
const whole = (text: string) => (/^\s*\d{1,7}\s*$/.test(text) ? Number(text) : null);

/** `plans`: the product may carry a payment plan (one-time products); the current plan carries over unless cleared. */
export function PublishPriceForm(props: { productCode: string; current: CurrentPrice; plans: boolean }) {
  const { productCode, current, plans } = props;
  const router = useRouter();
  const [unit, setUnit] = useState(dollars(current.unitAmount));
  const [reference, setReference] = useState(dollars(current.referenceAmount));
  const [min, setMin] = useState(String(current.minQuantity));
  const [max, setMax] = useState(String(current.maxQuantity));
  const [instalments, setInstalments] = useState(current.plan ? String(current.plan.instalments) : "");
  const [instalmentAmount, setInstalmentAmount] = useState(current.plan ? dollars(current.plan.amount) : "");
  const [rule, setRule] = useState<PlanAccessRule>(current.plan?.accessRule ?? "full_on_first");
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { pending, error, setError, run } = usePendingAction();

  const price = {
    productCode,
    unitAmount: parseUsd(unit),
    referenceAmount: reference.trim() === "" ? null : parseUsd(reference),
    minQuantity: whole(min),
    maxQuantity: whole(max),
  };
  const wantsPlan = plans && instalments.trim() !== "";
  const plan = wantsPlan
    ? {
        instalments: whole(instalments),
        interval: "month" as const,
        amount: parseUsd(instalmentAmount),
        accessRule: rule,
      }
    : null;

  function review(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (price.unitAmount === null || (reference.trim() !== "" && price.referenceAmount === null)) {
      setError("Enter prices in dollars, such as 7 or 47.97.");
    } else if (price.minQuantity === null || price.maxQuantity === null || price.minQuantity < 1) {
      setError("Enter whole quantities of at least 1.");
    } else if (price.maxQuantity < price.minQuantity) {
      setError("The most per order cannot be below the least.");
    } else if (
      plan &&
      (plan.instalments === null || plan.instalments < MIN_INSTALMENTS || plan.instalments > MAX_INSTALMENTS)
    ) {
      setError(`A payment plan has ${MIN_INSTALMENTS} to ${MAX_INSTALMENTS} monthly payments.`);
    } else if (plan && plan.amount === null) {
      setError("Enter the amount of each payment in dollars, such as 175.");
    } else {
      setConfirming(true);
    }
  }

  const publish = () =>
    run(async () => {
      const result = await post(
        "/api/admin/catalog/prices",
        plans ? { ...price, plan } : price,
        resultSchema,
        "The price could not be published. Please try again.",
      );
      setConfirming(false);
      setDone(`Version ${result.version} is now the price.`);
      router.refresh();
    }, "The price could not be published.");

  return (
    <form onSubmit={review} className="space-y-3" aria-label={`New price for ${productCode}`}>
      <div className="grid gap-3 sm:grid-cols-4">
        <ConsoleField
          label="Price ($)"
          name="unit"
          inputMode="decimal"
          value={unit}
          onChange={(e) => setUnit(e.target.value)}
        />
        <ConsoleField
          label="Normal price ($, optional)"
          name="reference"
          inputMode="decimal"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
        <ConsoleField
          label="Least per order"
          name="min"
          inputMode="numeric"
          value={min}
          onChange={(e) => setMin(e.target.value)}
        />
        <ConsoleField
          label="Most per order"
          name="max"
          inputMode="numeric"
          value={max}
          onChange={(e) => setMax(e.target.value)}
        />
      </div>
      {plans ? (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="text-sm font-semibold">Payment plan (optional)</legend>
          <ConsoleField
            label="Monthly payments (blank: none)"
            name="instalments"
            inputMode="numeric"
            value={instalments}
            onChange={(e) => setInstalments(e.target.value)}
          />
          <ConsoleField
            label="Each payment ($)"
            name="instalmentAmount"
            inputMode="decimal"
            value={instalmentAmount}
            onChange={(e) => setInstalmentAmount(e.target.value)}
          />
          <label className="block text-sm font-medium">
            Access
            <select
              name="accessRule"
              value={rule}
              onChange={(e) => setRule(PLAN_ACCESS_RULES.find((r) => r === e.target.value) ?? "full_on_first")}
              className="mt-1 block w-full rounded border border-slate-300 px-2 py-2"
            >
              {PLAN_ACCESS_RULES.map((r) => (
                <option key={r} value={r}>
                  {PLAN_RULE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      ) : null}
      {confirming && price.unitAmount !== null ? (
        <ConfirmPanel
          label="Confirm new price"
          confirmLabel="Publish price"
          pendingLabel="Publishing…"
          cancelLabel="Cancel"
          pending={pending}
          onConfirm={() => void publish()}
          onCancel={() => setConfirming(false)}
          error={error}
        >
          Every order created from now on is charged {formatUsd(price.unitAmount)}
          {price.minQuantity !== null && price.maxQuantity !== null
            ? `, ${price.minQuantity} to ${price.maxQuantity} per order`
            : ""}
          .{" "}
          {plan && plan.instalments !== null && plan.amount !== null
            ? `Buyers may instead choose ${planLabel({ instalments: plan.instalments, amount: plan.amount })} (${formatUsd(planTotal({ instalments: plan.instalments, amount: plan.amount }))} in all), ${PLAN_RULE_LABELS[plan.accessRule]}. `
            : plans
              ? "No payment plan is offered. "
              : ""}
          Orders already created keep their price.
        </ConfirmPanel>
      ) : (
        <>
          <FormAlert text={error} />
          <button type="submit" className="rounded border border-slate-300 px-4 py-2 font-semibold">
            Review new price
          </button>
        </>
      )}
      <FormDone text={done} />
    </form>
  );
}
