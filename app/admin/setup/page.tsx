import type { Metadata } from "next";
import { SetupForm } from "@/components/console/setup-form";

// Validity is decided when the password is sent, not here.

export const metadata: Metadata = { title: "Set your password", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SetupPage({ searchParams }: PageProps) {
  const { token } = await searchParams;
  return (
    <main id="main" className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-bold">Set your console password</h1>
      {typeof token === "string" && token ? (
        <SetupForm token={token} />
      ) : (
        <p className="mt-4 text-slate-700">This page needs the setup link you were given. Ask for a new one.</p>
      )}
    </main>
  );
}
