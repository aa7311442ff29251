import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/console/sign-in-form";
import { currentOperator } from "@/lib/operators/server/require-operator";
import { FRESH_SIGN_IN_EXPLANATION, wrongAddressMessage } from "@/lib/operators/shared/auth-rules";
import { getConfig } from "@/lib/platform/server/config";
import { addressedOrigin } from "@/lib/platform/server/http/addressed-origin";
import { safeReturnPath } from "@/lib/operators/shared/return-path";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: PageProps) {
  const { setup, next, reauth } = await searchParams;
  const returnTo = safeReturnPath(next);
  if (await currentOperator()) redirect(returnTo);
  const siteOrigin = new URL(getConfig().SITE_URL).origin;
  const here = addressedOrigin(await headers());
  return (
    <main id="main" className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-bold">Sign in to the console</h1>
      {here !== null && here !== siteOrigin && (
        <p data-testid="wrong-address" className="mt-4 rounded bg-amber-50 p-3 text-sm text-amber-900">
          <strong>Wrong address.</strong> {wrongAddressMessage(siteOrigin)}
        </p>
      )}
      {setup === "done" && (
        <p role="status" className="mt-4 rounded bg-green-50 p-3 text-sm text-green-900">
          Your password is set. Sign in with it now.
        </p>
      )}
      {reauth === "1" && (
        <p role="status" className="mt-4 rounded bg-amber-50 p-3 text-sm text-amber-900">
          Sign in again to continue. {FRESH_SIGN_IN_EXPLANATION}
        </p>
      )}
      <SignInForm returnTo={returnTo} />
    </main>
  );
}
