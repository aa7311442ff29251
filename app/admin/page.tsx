import type { Metadata } from "next";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { requireOperator } from "@/lib/admin/server/require-operator";

// The console's home. The overview (issue 12 §2) is not built yet: see docs/console-status.md.

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

export default async function AdminHome() {
  const operator = await requireOperator();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Console</h1>
        <div className="flex items-center gap-3 text-sm">
          <span data-testid="operator-email">{operator.email}</span>
          <SignOutButton />
        </div>
      </header>
      <section className="mt-8 rounded-lg border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">Overview coming</h2>
        <p className="mt-2 text-slate-600">
          You are signed in. The funnel overview, leads, orders and privacy requests arrive in the next steps.
        </p>
      </section>
    </main>
  );
}
