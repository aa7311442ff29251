import type { Metadata } from "next";
import { ConsoleSection } from "@/components/console/console-section";
import { PasskeyManager } from "@/components/console/passkey-manager";
import { TotpManager } from "@/components/console/totp-manager";
import { TimeZoneSetting } from "@/components/console/time-zone-setting";
import { getConfig } from "@/lib/platform/server/config";
import { formatConsoleTime } from "@/lib/console/shared/format-time";
import { readSecondFactors } from "@/lib/operators/server/read-second-factors";
import { requireSignedIn } from "@/lib/operators/server/require-operator";

// The one console page an operator without a second factor may open: the rest send them here.

export const metadata: Metadata = { title: "Sign-in security" };
export const dynamic = "force-dynamic";

export default async function SecurityPage() {
  const { operator, enrolled } = await requireSignedIn();
  const factors = await readSecondFactors(operator.id);
  return (
    <div className="space-y-10">
      <section aria-labelledby="security-heading" className="space-y-3">
        <h1 id="security-heading" className="text-2xl font-bold">
          Sign-in security
        </h1>
        {!enrolled && (
          <p role="status" data-testid="enrol-notice" className="rounded bg-amber-50 p-3 text-sm text-amber-900">
            Before you use the console, add a second way to prove it is you: an authenticator app, or a passkey.
          </p>
        )}
        <p className="text-sm text-slate-600">
          Changes here need a sign-in from the last 10 minutes; otherwise sign out and in again. You get an e-mail for
          each change.
        </p>
      </section>

      {/* The console's APIs answer only enrolled operators. */}
      {enrolled && (
        <ConsoleSection id="time-zone-heading" title="Your time zone">
          <TimeZoneSetting
            chosen={operator.ownTimeZone ? operator.timeZone : null}
            fallback={getConfig().CONSOLE_TIME_ZONE}
          />
        </ConsoleSection>
      )}

      <ConsoleSection id="totp-heading" title="Authenticator app">
        <TotpManager enabled={factors.totp} recoveryCodesLeft={factors.recoveryCodesLeft} />
      </ConsoleSection>

      <ConsoleSection id="passkeys-heading" title="Your passkeys">
        <PasskeyManager
          passkeys={factors.passkeys.map((passkey) => ({
            id: passkey.id,
            name: passkey.name ?? "Passkey",
            created: formatConsoleTime(passkey.createdAt, operator.timeZone),
          }))}
        />
      </ConsoleSection>
    </div>
  );
}
