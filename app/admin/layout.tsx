import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./console.css";

// Each page checks the session itself (lib/operators/server/require-operator.ts).

export const metadata: Metadata = {
  title: { default: "Console", template: "%s · Console" },
  robots: { index: false, follow: false, nocache: true },
};

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div data-console="" className="min-h-screen bg-slate-50 text-slate-900">
      {children}
    </div>
  );
}
