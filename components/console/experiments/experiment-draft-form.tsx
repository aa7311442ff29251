"use client";

import { Options } from "@/components/ui/options";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { post } from "@/lib/platform/client/client-post";
import { usePendingAction } from "../use-pending-action";
import { FormAlert, PendingButton } from "../console-form-parts";
import { AUDIENCE_LABELS, PAGE_AUDIENCES, fitsPage, variantAudience } from "@/lib/experiments/shared/audiences";
import { CatalogVariantFields, readCatalogVariants, type CatalogChoices } from "./catalog-variant-fields";
import type { CatalogSubject } from "@/lib/experiments/shared/catalog-subjects";
import {
  isCatalogSurface,
  METRIC_LABELS,
  SURFACE_LABELS,
  SURFACE_METRICS,
  SURFACE_VARIANTS,
  SURFACES,
  type Metric,
  type Surface,
  type VariantWeight,
} from "@/lib/experiments/shared/surfaces";

// A new draft, or the edit of one; the first ticked variant is the control. A variant not meant
// for the page's visitors cannot be ticked (the server refuses it too).

export type DraftValues = {
  id: string;
  key: string;
  surface: Surface;
  variants: VariantWeight[];
  subject: CatalogSubject | null;
  primaryMetric: Metric;
};

const isSaved = (body: unknown): body is { id: string } =>
  typeof body === "object" && body !== null && "id" in body && typeof body.id === "string";

const field = "mt-1 block w-full rounded border border-slate-300 bg-white px-2 py-1.5 text-sm";

export function ExperimentDraftForm({ draft, choices }: { draft?: DraftValues; choices: CatalogChoices }) {
  const router = useRouter();
  const [surface, setSurface] = useState<Surface>(draft?.surface ?? "landing");
  const { pending, error, setError, run } = usePendingAction();
  const kept = (key: string) => (draft?.surface === surface ? draft.variants.find((v) => v.key === key) : undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    const catalog = isCatalogSurface(surface) ? readCatalogVariants(surface, text) : null;
    if (typeof catalog === "string") {
      setError(catalog);
      return;
    }
    const variants =
      catalog?.variants ??
      SURFACE_VARIANTS[surface]
        .filter((key) => form.get(`use-${key}`) === "on")
        .map((key) => ({ key, weight: Number(text(`weight-${key}`)) }));
    if (variants.length < 2) {
      setError("Tick at least two variants.");
      return;
    }
    const fields = {
      key: text("key").trim(),
      surface,
      variants,
      primaryMetric: text("primaryMetric"),
      ...(catalog ? { subject: catalog.subject } : {}),
    };
    await run(async () => {
      if (draft) {
        await post(
          "/api/admin/experiments/update",
          { id: draft.id, ...fields },
          isSaved,
          "The draft could not be saved.",
        );
        router.refresh();
        return false;
      }
      const { id } = await post(
        "/api/admin/experiments",
        fields,
        isSaved,
        "The experiment could not be saved. Please try again.",
      );
      router.push(`/admin/experiments/${id}`);
      return true;
    }, "The experiment could not be saved.");
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      aria-label={draft ? "Edit draft" : "New experiment"}
      className="grid gap-4 md:grid-cols-2"
    >
      <label className="block text-sm font-medium">
        Key
        <input
          name="key"
          required
          maxLength={60}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          placeholder="e.g. offer-countdown-vs-team"
          defaultValue={draft?.key}
          className={field}
        />
        <span className="mt-1 block text-xs font-normal text-slate-600">
          Lower-case letters, digits and hyphens; stamped on leads and orders.
        </span>
      </label>
      <label className="block text-sm font-medium">
        Surface
        <select
          name="surface"
          value={surface}
          onChange={(event) => setSurface(SURFACES.find((s) => s === event.target.value) ?? "landing")}
          className={field}
        >
          <Options values={SURFACES} label={(v) => SURFACE_LABELS[v]} />
        </select>
      </label>
      {isCatalogSurface(surface) ? (
        <CatalogVariantFields
          key={`catalog-${surface}`}
          surface={surface}
          choices={choices}
          draft={draft?.surface === surface ? draft : undefined}
        />
      ) : (
        <fieldset key={`variants-${surface}`} className="min-w-0 rounded border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium">Variants and weights</legend>
          <p className="mb-2 text-xs text-slate-600">
            The first ticked variant is the control. Visitors of this page: {AUDIENCE_LABELS[PAGE_AUDIENCES[surface]]}.
          </p>
          <ul className="space-y-2">
            {SURFACE_VARIANTS[surface].map((key) => {
              const fits = fitsPage(surface, key);
              return (
                <li key={key} className="flex flex-wrap items-center gap-3 text-sm">
                  <label className="flex min-w-[9rem] items-center gap-2">
                    <input
                      type="checkbox"
                      name={`use-${key}`}
                      disabled={!fits}
                      defaultChecked={fits && (draft?.surface !== surface || kept(key) !== undefined)}
                    />
                    {key}
                  </label>
                  {fits ? (
                    <label className="flex items-center gap-2 text-slate-600">
                      Weight
                      <input
                        name={`weight-${key}`}
                        aria-label={`Weight of ${key}`}
                        type="number"
                        min={1}
                        max={1000}
                        step={1}
                        required
                        defaultValue={kept(key)?.weight ?? 1}
                        className="w-20 rounded border border-slate-300 px-2 py-1"
                      />
                    </label>
                  ) : (
                    <span className="text-xs text-slate-600" data-testid={`audience-${key}`}>
                      Only for {AUDIENCE_LABELS[variantAudience(surface, key)]}: not this page&apos;s visitors.
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      <label key={`metric-${surface}`} className="block text-sm font-medium">
        Primary metric
        <select
          name="primaryMetric"
          defaultValue={draft?.surface === surface ? draft.primaryMetric : SURFACE_METRICS[surface][0]}
          className={field}
        >
          <Options values={SURFACE_METRICS[surface]} label={(v) => METRIC_LABELS[v]} />
        </select>
      </label>
      <div className="md:col-span-2">
        <PendingButton
          pending={pending}
          label={draft ? "Save draft" : "Save as draft"}
          pendingLabel="Saving…"
          className="rounded bg-slate-900 px-4 py-2 text-sm font-semibold text-white"
        />
        <FormAlert text={error} className="mt-2" />
      </div>
    </form>
  );
}
