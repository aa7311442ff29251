import Link from "next/link";
import type { EmailReport } from "@/lib/console/server/email-report";
import { formatCount, formatMoney } from "@/lib/console/shared/console-format";

// Money is shown per currency as stored.

const cell = "px-3 py-2 text-right tabular-nums";

export function EmailReportTable({ report }: { report: EmailReport }) {
  const showLogged = report.templates.some((t) => t.logged > 0);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-sm" data-testid="email-report">
        <thead className="bg-slate-50 text-left text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Template
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Sent
            </th>
            {showLogged && (
              <th scope="col" className="px-3 py-2 text-right">
                Logged (not sent)
              </th>
            )}
            <th scope="col" className="px-3 py-2 text-right">
              Delivered
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Bounced
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Complained
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Unsubscribed
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Clicked
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {report.templates.map((t) => (
            <tr
              key={`${t.template}:${t.step?.id ?? ""}`}
              className="border-t border-slate-100"
              data-template={t.template}
              data-step={t.step?.id}
            >
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {t.step ? `${t.step.sequence}, step ${t.step.position + 1}` : t.template}
                <span className="ml-2 text-xs font-normal text-slate-500">{t.kind}</span>
                {t.step && (
                  <span className="block text-xs font-normal text-slate-500">
                    <Link href={`/admin/email/sequences/steps/${t.step.id}`} className="underline">
                      {t.step.subject}
                    </Link>
                  </span>
                )}
              </th>
              <td className={cell} data-column="sent">
                {formatCount(t.sent)}
              </td>
              {showLogged && (
                <td className={cell} data-column="logged">
                  {formatCount(t.logged)}
                </td>
              )}
              <td className={cell} data-column="delivered">
                {formatCount(t.delivered)}
              </td>
              <td className={cell} data-column="bounced">
                {formatCount(t.bounced)}
              </td>
              <td className={cell} data-column="complained">
                {formatCount(t.complained)}
              </td>
              <td className={cell} data-column="unsubscribed">
                {formatCount(t.unsubscribed)}
              </td>
              <td className={cell} data-column="clicked">
                {formatCount(t.clicked)}
              </td>
              <td className={cell} data-column="revenue">
                {t.revenue.length === 0
                  ? "—"
                  : t.revenue.map((r) => (
                      <span key={r.currency} className="block">
                        {formatMoney(r.amount, r.currency)}
                      </span>
                    ))}
                {t.attributedOrders > 0 && (
                  <span className="block text-xs text-slate-500">
                    {t.attributedOrders} {t.attributedOrders === 1 ? "order" : "orders"}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
