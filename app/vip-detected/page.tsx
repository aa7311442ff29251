// The greeting comes from the server-side session.
import type { Metadata } from "next";
import Link from "next/link";
import { getConfig } from "@/lib/platform/server/config";
import { vipFirstName } from "@/lib/leads/server/vip-greeting";

export const metadata: Metadata = {
  title: "You've Qualified",
  description: "You qualify for a free one-on-one AI discovery session with the Fast Forward team.",
  robots: { index: false },
};

export const dynamic = "force-dynamic";

const BULLETS = [
  "A one-on-one review of where AI can save your business the most time and money",
  "Your highest-impact processes ranked with the RACE Framework",
  "A clear, step-by-step implementation roadmap for your team",
  "Straight answers on cost, timeline and expected return — no obligation",
];

export default async function VipDetectedPage() {
  const firstName = await vipFirstName();
  const discoveryUrl = getConfig().DISCOVERY_URL;
  return (
    <main id="main" className="mx-auto flex min-h-[70dvh] max-w-2xl flex-col justify-center gap-6 px-6 py-16">
      <p className="text-sm font-semibold tracking-widest text-brand uppercase">VIP access</p>
      <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Congratulations! You&apos;ve Qualified</h1>
      {firstName && <p className="text-xl font-semibold text-slate-800">Great news, {firstName}!</p>}
      <p className="text-lg text-slate-700">
        Based on your answers, your business is a strong fit for a free one-on-one discovery session with our AI
        implementation team. In this session you will get:
      </p>
      <ul className="flex flex-col gap-3 text-lg text-slate-800">
        {BULLETS.map((bullet) => (
          <li key={bullet} className="flex gap-3">
            <span aria-hidden="true" className="mt-1 text-brand">
              ✓
            </span>
            <span>{bullet}</span>
          </li>
        ))}
      </ul>
      <a
        href={discoveryUrl}
        className="self-start rounded-xl bg-brand px-6 py-4 text-lg font-bold text-white shadow-lg hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        Schedule Your Discovery Session
      </a>
      <Link href="/" className="self-start text-slate-600 underline hover:text-ink">
        Back to home
      </Link>
    </main>
  );
}
