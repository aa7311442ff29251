"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import type { StepCondition } from "@/lib/lifecycle/shared/step-condition";
import { EmailComposer, type ComposerDraft } from "./email-composer";

// A sequence step's timing and audience around the composer: the composer's save sends them all.

type Step = {
  id: string;
  delayHours: number;
  condition: StepCondition | null;
  subject: string;
  preheader: string;
  body: string;
};

type Props = { step: Step; first: boolean; readOnlyReason: string | null };

const savedSchema = z.object({ stepId: z.string(), version: z.number() });

const YES_NO = [
  ["", "Any"],
  ["true", "Yes"],
  ["false", "No"],
] as const;

const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

const yesNo = (value: string) => (value === "" ? undefined : value === "true");

type ConditionForm = {
  track: string;
  qualified: string;
  booked: string;
  bought: string;
  notBought: string;
  source: string;
};

function toForm(condition: StepCondition | null): ConditionForm {
  const flag = (value: boolean | undefined) => (value === undefined ? "" : String(value));
  return {
    track: condition?.track ?? "",
    qualified: flag(condition?.qualified),
    booked: flag(condition?.booked),
    bought: condition?.bought?.join(", ") ?? "",
    notBought: condition?.notBought?.join(", ") ?? "",
    source: condition?.source?.join(", ") ?? "",
  };
}

function toCondition(form: ConditionForm): Record<string, unknown> | null {
  const condition = Object.fromEntries(
    Object.entries({
      track: form.track || undefined,
      qualified: yesNo(form.qualified),
      booked: yesNo(form.booked),
      bought: list(form.bought).length ? list(form.bought) : undefined,
      notBought: list(form.notBought).length ? list(form.notBought) : undefined,
      source: list(form.source).length ? list(form.source) : undefined,
    }).filter(([, value]) => value !== undefined),
  );
  return Object.keys(condition).length ? condition : null;
}

export function SequenceStepEditor({ step, first, readOnlyReason }: Props) {
  const router = useRouter();
  const [delay, setDelay] = useState(String(step.delayHours));
  const [form, setForm] = useState(() => toForm(step.condition));
  const set = (key: keyof ConditionForm) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  async function save(draft: ComposerDraft): Promise<string> {
    const delayHours = Number(delay);
    if (!/^\d+$/.test(delay.trim())) throw new Error("Delay: enter whole hours, such as 24.");
    const { version } = await post(
      "/api/admin/sequences/steps",
      {
        stepId: step.id,
        step: {
          delayHours,
          condition: toCondition(form),
          subject: draft.subject,
          preheader: draft.preheader,
          body: draft.markdown,
        },
      },
      savedSchema,
      "Could not save the step.",
    );
    router.refresh();
    return `Saved. The sequence is now at version ${version}.`;
  }

  const select = (label: string, key: keyof ConditionForm, options: readonly (readonly [string, string])[]) => (
    <label className="flex flex-col text-sm">
      {label}
      <select
        value={form[key]}
        onChange={(event) => set(key)(event.target.value)}
        className="mt-1 rounded border border-slate-300 px-2 py-1.5"
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );

  const text = (label: string, key: keyof ConditionForm, placeholder: string) => (
    <label className="flex flex-col text-sm">
      {label}
      <input
        value={form[key]}
        onChange={(event) => set(key)(event.target.value)}
        placeholder={placeholder}
        className="mt-1 rounded border border-slate-300 px-2 py-1.5"
      />
    </label>
  );

  return (
    <div className="flex flex-col gap-4">
      <label className="block max-w-xs text-sm font-medium">
        Delay (hours {first ? "after the lead enters" : "after the previous e-mail"})
        <input
          value={delay}
          onChange={(event) => setDelay(event.target.value)}
          inputMode="numeric"
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      <fieldset className="grid gap-3 rounded border border-slate-200 p-3 sm:grid-cols-3">
        <legend className="px-1 text-sm font-medium">Condition (every clause set must hold, or the lead leaves)</legend>
        {select("Track", "track", [
          ["", "Any"],
          ["BUSINESS_OWNER", "Business owner"],
          ["NON_OWNER", "Not an owner"],
        ])}
        {select("Qualified", "qualified", YES_NO)}
        {select("Call booked", "booked", YES_NO)}
        {text("Bought (all of)", "bought", "product codes, comma-separated")}
        {text("Not bought (none of)", "notBought", "product codes, comma-separated")}
        {text("First-touch source (one of)", "source", "utm_source values, comma-separated")}
      </fieldset>
      <EmailComposer
        draft={{ subject: step.subject, preheader: step.preheader, markdown: step.body }}
        previewEndpoint="/api/admin/email-composer/preview"
        testSendEndpoint="/api/admin/email-composer/test-send"
        onSave={save}
        saveLabel="Save step"
        readOnlyReason={readOnlyReason}
      />
    </div>
  );
}
