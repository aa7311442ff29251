import Link from "next/link";
import { getConfig } from "@/lib/platform/server/config";

const LEGAL_LINKS = [
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/terms", label: "Opt-In Terms" },
  { href: "/email-terms", label: "E-mail Opt-In Terms" },
  { href: "/sms-phone-terms", label: "SMS/Phone Opt-In Terms" },
] as const;

export function SiteFooter() {
  const { PROVIDER_NAME, PROVIDER_EMAIL } = getConfig();
  return (
    <footer data-site-chrome="" className="border-t border-slate-200 bg-slate-50 text-sm text-slate-700">
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-10 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div>
          <p className="font-semibold text-ink">© 2025 {PROVIDER_NAME}. All rights reserved.</p>
          <p className="mt-1">
            Questions?{" "}
            <a className="font-medium text-brand-dark underline underline-offset-2" href={`mailto:${PROVIDER_EMAIL}`}>
              {PROVIDER_EMAIL}
            </a>
          </p>
          <p className="mt-3 max-w-md text-xs text-slate-600">
            Results quoted on this site are the book&apos;s examples and claims; they are not typical and not a promise.
            Your results depend on your business, your processes and your effort.
          </p>
        </div>
        <nav aria-label="Legal">
          <ul className="flex flex-col gap-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.href}>
                <Link className="underline-offset-2 hover:text-ink hover:underline" href={link.href}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
