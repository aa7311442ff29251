import { payNowLabel, planLabel, type PaymentChoice } from "@/lib/payments/shared/payment-plan";

// Pay in full or by the price's instalments; the server prices whichever is chosen from the catalog.

export type PlanOffer = { instalments: number; amount: number };

export function PaymentChoiceField(props: {
  unitAmount: number;
  plan: PlanOffer;
  value: PaymentChoice;
  onChange: (choice: PaymentChoice) => void;
}) {
  const options: { value: PaymentChoice; label: string }[] = [
    { value: "full", label: payNowLabel(props.unitAmount) },
    { value: "plan", label: planLabel(props.plan) },
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">How would you like to pay?</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-3 rounded-xl border border-slate-300 p-3">
          <input
            type="radio"
            name="payment"
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {props.value === "plan" ? (
        <p className="text-sm text-slate-700">
          Your card is charged today and on the same day of each of the next {props.plan.instalments - 1} months; then
          the payments stop by themselves.
        </p>
      ) : null}
    </fieldset>
  );
}
