"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { ConsoleField, DARK_SUBMIT, FormAlert, FormDone, PendingButton } from "./console-form-parts";
import { usePendingAction } from "./use-pending-action";

// Adds an order bump to a product, or publishes the next version of one (its words, place, or
// whether the checkout offers it). The checkout shows the words exactly as typed here.

const resultSchema = z.object({ bumpId: z.string(), version: z.number(), versionId: z.string() });

export type BumpFormValues = { headline: string; description: string; position: number; active: boolean };

type Target =
  | { kind: "new"; productCode: string; candidates: { code: string; name: string }[] }
  | { kind: "existing"; productCode: string; bumpId: string; bumpProductCode: string };

export function PublishBumpForm({ target, current }: { target: Target; current: BumpFormValues }) {
  const router = useRouter();
  const [bumpProduct, setBumpProduct] = useState(target.kind === "new" ? (target.candidates[0]?.code ?? "") : "");
  const [headline, setHeadline] = useState(current.headline);
  const [description, setDescription] = useState(current.description);
  const [position, setPosition] = useState(String(current.position));
  const [active, setActive] = useState(current.active);
  const [done, setDone] = useState<string | null>(null);
  const { pending, error, setError, run } = usePendingAction();
  const label =
    target.kind === "new"
      ? `New bump for ${target.productCode}`
      : `Bump ${target.bumpProductCode} on ${target.productCode}`;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setDone(null);
    const place = /^\s*\d{1,4}\s*$/.test(position) ? Number(position) : null;
    if (!headline.trim()) return setError("Write the headline the buyer reads beside the checkbox.");
    if (place === null) return setError("Enter the place as a whole number, such as 1.");
    const copy = { headline: headline.trim(), description: description.trim(), position: place, active };
    const body =
      target.kind === "new"
        ? { productCode: target.productCode, bumpProductCode: bumpProduct, ...copy }
        : { bumpId: target.bumpId, ...copy };
    void run(async () => {
      const result = await post(
        "/api/admin/catalog/bumps",
        body,
        resultSchema,
        "The bump could not be published. Please try again.",
      );
      setDone(`Version ${result.version} of the bump is published.`);
      router.refresh();
    }, "The bump could not be published.");
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded border border-slate-200 p-3" aria-label={label}>
      {target.kind === "new" ? (
        <label className="block text-sm font-medium">
          Product offered
          <select
            name="bumpProduct"
            value={bumpProduct}
            onChange={(e) => setBumpProduct(e.target.value)}
            className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
          >
            {target.candidates.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <ConsoleField
        label="Headline"
        name="headline"
        maxLength={120}
        value={headline}
        onChange={(e) => setHeadline(e.target.value)}
      />
      <label className="block text-sm font-medium">
        Description
        <textarea
          name="description"
          maxLength={600}
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          className="mt-1 block w-full rounded border border-slate-300 px-3 py-2"
        />
      </label>
      <div className="flex flex-wrap items-end gap-4">
        <ConsoleField
          label="Place"
          name="position"
          inputMode="numeric"
          value={position}
          onChange={(e) => setPosition(e.target.value)}
        />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          Offered on the checkout
        </label>
      </div>
      <FormAlert text={error} />
      <PendingButton
        pending={pending}
        label={target.kind === "new" ? "Add bump" : "Publish bump"}
        pendingLabel="Publishing…"
        className={DARK_SUBMIT}
      />
      <FormDone text={done} />
    </form>
  );
}
