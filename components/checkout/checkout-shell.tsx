import Link from "next/link";
import type { ReactNode } from "react";

// Frame of the checkout, processing and success pages: a plain header and a centred column.

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
    <div className="min-h-dvh bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3">
          <Link href="/" className="text-lg font-extrabold tracking-tight">
            Fast <span className="text-brand">Forward</span>
          </Link>
          <span className="text-sm text-slate-500">Secure checkout</span>
        </div>
      </header>
      <main id="main" className={`mx-auto px-4 py-8 ${wide ? "max-w-5xl" : "max-w-xl"}`}>
        <h1 className="mb-6 text-3xl font-extrabold tracking-tight">{title}</h1>
        {children}
      </main>
    </div>
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
