import type { Metadata } from "next";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { CopyableValue } from "@/components/ui/copyable-value";
import { Detail, DetailList } from "@/components/ui/detail-list";
import { EmailAddress } from "@/components/ui/email-address";
import { verifyHandoffToken } from "@/lib/payments/server/handoff-token";
import { handoffRevoked } from "@/lib/payments/server/handoff-revocation";

// The local stand-in for the external contract-setup site (docs/product.md#contract-setup-hand-off):
// verifies the hand-off token exactly as that site must.

export const metadata: Metadata = { title: "Contract setup", robots: { index: false } };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ContractSetupPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  const transactionId = typeof params.transactionId === "string" ? params.transactionId : "";
  const claims = token ? await verifyHandoffToken(token).catch(() => null) : null;
  const signed = claims !== null && claims.transactionId === transactionId;
  // A refunded purchase's token still carries a good signature.
  const revoked = signed && (await handoffRevoked(claims.jti));
  const valid = signed && !revoked;

  return (
    <CheckoutShell title="Contract setup">
      {valid ? (
        <div className="rounded-2xl border border-slate-200 p-5 sm:p-6">
          <p className="font-semibold text-emerald-800">Hand-off token verified.</p>
          <p className="mt-2 text-slate-600">
            This local page stands in for the contract-setup site. It would receive:
          </p>
          <DetailList className="mt-4">
            <Detail term="Transaction ID" ownRow>
              <CopyableValue
                id="handoff-transaction"
                testId="handoff-transaction"
                value={claims.transactionId}
                copyLabel="Copy transaction ID"
              />
            </Detail>
            <Detail term="Email" valueClassName="[overflow-wrap:anywhere]">
              <EmailAddress email={claims.email} />
            </Detail>
            <Detail term="Product">{claims.product}</Detail>
            <Detail term="Seats">{claims.seats}</Detail>
            <Detail term="Valid until">{claims.exp ? new Date(claims.exp * 1000).toISOString() : "—"}</Detail>
          </DetailList>
        </div>
      ) : revoked ? (
        <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          This purchase was refunded, so its account has been closed and this contract-setup link no longer works.
        </p>
      ) : (
        <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
          This contract-setup link is invalid or has expired. Please contact support.
        </p>
      )}
    </CheckoutShell>
  );
}
