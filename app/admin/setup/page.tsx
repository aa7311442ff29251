import type { Metadata } from "next";
import { SetupForm } from "@/components/console/setup-form";

// The page a setup link opens (npm run operator:create prints it). The token is only carried to
// the form; whether it is still valid is decided when the password is sent (POST /api/admin/setup).

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
