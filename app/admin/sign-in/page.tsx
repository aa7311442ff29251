import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/console/sign-in-form";
import { currentOperator } from "@/lib/operators/server/require-operator";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: PageProps) {
  if (await currentOperator()) redirect("/admin");
  const { setup } = await searchParams;
  return (
    <main id="main" className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-bold">Sign in to the console</h1>
      {setup === "done" && (
        <p role="status" className="mt-4 rounded bg-green-50 p-3 text-sm text-green-900">
          Your password is set. Sign in with it now.
        </p>
      )}
      <SignInForm />
    </main>
  );
}
