import type { ReactNode } from "react";
import { headers } from "next/headers";
import { ConsoleNav } from "@/components/console/console-nav";
import { SignOutButton } from "@/components/console/sign-out-button";
import { ReauthPrompt } from "@/components/console/reauth-prompt";
import { HealthStrip } from "@/components/console/health-strip";
import { consoleHealth } from "@/lib/console/server/health-report";
import { ROLE_LABELS } from "@/lib/operators/shared/permissions";
import { requireSignedIn } from "@/lib/operators/server/require-operator";

// A layout is not re-run on every client navigation, so each page checks again; the pages also
// send an operator without a second factor to the security page, which this layout frames too.

export const dynamic = "force-dynamic";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { operator } = await requireSignedIn();
  const health = await consoleHealth(await headers());
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 pt-3 pb-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-bold">Fast Forward · Console</p>
            <div className="flex min-w-0 items-center gap-3 text-sm">
              <span data-testid="operator-email" className="truncate text-slate-600">
                {operator.email}
              </span>
              <span data-testid="current-operator-role" className="text-slate-600">
                {ROLE_LABELS[operator.role]}
              </span>
              <SignOutButton />
            </div>
          </div>
          <ConsoleNav />
        </div>
      </header>
      <HealthStrip items={health} />
      <ReauthPrompt />
      <main id="main" className="mx-auto max-w-6xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
