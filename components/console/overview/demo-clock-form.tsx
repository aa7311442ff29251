"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { post } from "@/lib/platform/client/client-post";
import { usePendingAction } from "@/components/console/use-pending-action";

type Answer = { now: string; renewals: { paid: number; failed: number; ended: number } };

const isAnswer = (body: unknown): body is Answer =>
  typeof body === "object" && body !== null && "now" in body && typeof body.now === "string" && "renewals" in body;

/** Demo mode only, for owners: moves the demo clock on and bills what fell due. */
export function DemoClockForm({ now }: { now: string }) {
  const router = useRouter();
  const [days, setDays] = useState(30);
  const [result, setResult] = useState<string | null>(null);
  const { pending, error, run } = usePendingAction();

  async function advance() {
    await run(async () => {
      const answer = await post("/api/admin/demo-clock", { days }, isAnswer, "The demo clock could not be moved.");
      if (!isAnswer(answer)) return;
      const r = answer.renewals;
      setResult(`Demo clock now ${answer.now}: ${r.paid} renewals paid, ${r.failed} failed, ${r.ended} ended.`);
      router.refresh();
    }, "The demo clock could not be moved.");
  }

  return (
    <section aria-labelledby="demo-clock-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="demo-clock-heading" className="text-lg font-semibold">
        Demo clock
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Demo payments only. Renewals fall due by this clock: <span data-testid="demo-clock-now">{now}</span>.
      </p>
      <form
        className="mt-2 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void advance();
        }}
      >
        <label className="text-sm">
          Days
          <input
            type="number"
            min={1}
            max={366}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="ml-2 w-20 rounded border border-slate-300 px-2 py-1"
          />
        </label>
        <button type="submit" disabled={pending} className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          {pending ? "Billing…" : "Advance and bill renewals"}
        </button>
      </form>
      {result && (
        <p role="status" className="mt-2 text-sm" data-testid="demo-clock-result">
          {result}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
