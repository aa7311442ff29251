import Link from "next/link";
import type { ReactNode } from "react";

export function CheckoutShell({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <main id="main" className={`mx-auto px-4 py-8 ${wide ? "max-w-5xl" : "max-w-xl"}`}>
      <h1 className="mb-6 text-3xl font-extrabold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}

export function ReturnToCheckout() {
  return (
    <Link
      href="/checkout"
      className="mt-6 inline-block rounded-xl bg-brand px-6 py-3 font-bold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
    >
      Return to Checkout
    </Link>
  );
}

export function PaymentsUnavailable() {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
      <p className="font-semibold">Payment Error</p>
      <p>Failed to initialize payment. Please try again.</p>
    </div>
  );
}
