import type { Metadata } from "next";
import { requireOperator } from "@/lib/admin/server/require-operator";

// The console's home: the overview (issue 12 §2).

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

export default async function AdminHome() {
  await requireOperator();
  return <h1 className="text-2xl font-bold">Overview</h1>;
}
