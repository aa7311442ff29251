"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { z } from "zod";
import { post } from "@/lib/platform/client/client-post";
import { decimalUsd, parseUsd } from "@/lib/shared/money";
import { ConsoleField, FormAlert, FormDone, PendingButton } from "./console-form-parts";
import { usePendingAction } from "./use-pending-action";
import type { CatalogOfferRow } from "@/lib/console/server/catalog-list";

// The offer after a purchase of one product: a new version each time, as prices are.

const resultSchema = z.object({ afterProductCode: z.string(), version: z.number(), offerId: z.string() });

type Choice = { code: string; name: string };

const dollars = (cents: number | null) => (cents === null ? "" : decimalUsd(cents));
const NONE = "";

function ProductSelect(props: {
  label: string;
  name: string;
  value: string;
  choices: Choice[];
  onChange: (v: string) => void;
}) {
  return (
    <label className="block text-sm font-medium">
      {props.label}
      <select
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        className="mt-1 block w-full rounded border border-slate-300 px-2 py-2"
      >
        <option value={NONE}>None</option>
        {props.choices.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function CopyArea(props: { label: string; name: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="block text-sm font-medium sm:col-span-2">
      {props.label}
      <textarea
        name={props.name}
        value={props.value}
        rows={3}
        maxLength={2000}
        onChange={(e) => props.onChange(e.target.value)}
        className="mt-1 block w-full rounded border border-slate-300 px-2 py-2"
      />
    </label>
  );
}

export function PublishOfferForm(props: {
  afterProductCode: string;
  current: CatalogOfferRow | null;
  choices: Choice[];
}) {
  const router = useRouter();
  const c = props.current;
  const [offer, setOffer] = useState(c?.offerProductCode ?? NONE);
  const [amount, setAmount] = useState(dollars(c?.offerAmount ?? null));
  const [headline, setHeadline] = useState(c?.headline ?? "");
  const [body, setBody] = useState(c?.body ?? "");
  const [downsell, setDownsell] = useState(c?.downsellProductCode ?? NONE);
  const [downsellAmount, setDownsellAmount] = useState(dollars(c?.downsellAmount ?? null));
  const [downsellHeadline, setDownsellHeadline] = useState(c?.downsellHeadline ?? "");
  const [downsellBody, setDownsellBody] = useState(c?.downsellBody ?? "");
  const [done, setDone] = useState<string | null>(null);
  const { pending, error, setError, run } = usePendingAction();
  const cents = (text: string) => (text.trim() === "" ? null : parseUsd(text));

  function publish(event: React.FormEvent) {
    event.preventDefault();
    setDone(null);
    const offerAmount = cents(amount);
    const downsellCents = cents(downsellAmount);
    if ((amount.trim() !== "" && offerAmount === null) || (downsellAmount.trim() !== "" && downsellCents === null)) {
      setError("Enter prices in dollars, such as 97 or 49.50, or leave them empty for the catalog price.");
      return;
    }
    void run(async () => {
      const result = await post(
        "/api/admin/catalog/offers",
        {
          afterProductCode: props.afterProductCode,
          offerProductCode: offer || null,
          offerAmount,
          headline,
          body,
          downsellProductCode: offer && downsell ? downsell : null,
          downsellAmount: downsellCents,
          downsellHeadline,
          downsellBody,
        },
        resultSchema,
        "The offer could not be published. Please try again.",
      );
      setDone(`Offer version ${result.version} is now shown after this purchase.`);
      router.refresh();
    }, "The offer could not be published.");
  }

  return (
    <form onSubmit={publish} className="space-y-3" aria-label={`Offer after ${props.afterProductCode}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        <ProductSelect
          label="Offer after purchase"
          name="offer"
          value={offer}
          choices={props.choices}
          onChange={setOffer}
        />
        <ConsoleField
          label="Offer price ($, empty: catalog price)"
          name="offerAmount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <ConsoleField
          label="Headline"
          name="headline"
          value={headline}
          maxLength={200}
          onChange={(e) => setHeadline(e.target.value)}
        />
        <CopyArea label="Copy" name="body" value={body} onChange={setBody} />
        <ProductSelect
          label="Downsell after No thanks"
          name="downsell"
          value={downsell}
          choices={props.choices}
          onChange={setDownsell}
        />
        <ConsoleField
          label="Downsell price ($, empty: catalog price)"
          name="downsellAmount"
          inputMode="decimal"
          value={downsellAmount}
          onChange={(e) => setDownsellAmount(e.target.value)}
        />
        <ConsoleField
          label="Downsell headline"
          name="downsellHeadline"
          value={downsellHeadline}
          maxLength={200}
          onChange={(e) => setDownsellHeadline(e.target.value)}
        />
        <CopyArea label="Downsell copy" name="downsellBody" value={downsellBody} onChange={setDownsellBody} />
      </div>
      <FormAlert text={error} />
      <PendingButton
        pending={pending}
        label="Publish offer"
        pendingLabel="Publishing…"
        className="rounded border border-slate-300 px-4 py-2 font-semibold"
      />
      <FormDone text={done} />
    </form>
  );
}
