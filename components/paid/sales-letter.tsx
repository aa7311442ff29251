import { BookCover } from "@/components/site/book-cover";
import { BuyNowLink } from "@/components/landing/ctas";
import { RACE_STEPS } from "@/components/landing/race-sections";
import { CTA_LARGE } from "@/components/site/cta-styles";
import { GUARANTEE_DAYS } from "@/lib/site/shared/prices";
import { formatUsd } from "@/lib/shared/money";
import { readSalesPrices } from "@/lib/site/server/read-sales-prices";

export async function SalesLetter() {
  const prices = await readSalesPrices();
  return (
    <article className="mx-auto max-w-2xl px-4 pt-24 pb-16 text-lg leading-relaxed text-slate-800 sm:px-6 md:pt-32">
      <p className="text-sm font-bold tracking-widest text-brand-dark uppercase">An open letter to business owners</p>
      <h1 className="mt-3 text-4xl leading-tight font-extrabold tracking-tight text-balance text-ink sm:text-5xl">
        Your team is losing an hour a day. Here is how to get it back for {formatUsd(prices.book.paidPrice)}.
      </h1>
      <div className="mt-8 flex flex-col gap-5">
        <p>Dear friend,</p>
        <p>
          If you run a business or lead a team, you have heard that AI will change everything. What nobody tells you is{" "}
          <em>where</em> to start — so most companies buy a few subscriptions, run a workshop, and go back to the way
          things were.
        </p>
        <p>
          Here is what we found when we timed the work inside real companies: one <strong>9.2-second task</strong> drove{" "}
          <strong>32.7% of the value</strong> a team produced, while <strong>99.97% of the time</strong> around it was
          waste. People toggle between apps <strong>1,200 times a day</strong> and lose <strong>9%</strong> of their
          time to context switching. On a $75,000 employee that is about <strong>$29,000 a year</strong>; on a $150,000
          employee, <strong>$58,000</strong>. For 25 people it is <strong>over $725,000</strong>.
        </p>
        <p>
          <strong>Fast Forward</strong> is the book we wrote so you can stop guessing. It gives you one method, the RACE
          Framework, in four steps:
        </p>
        <ol className="flex flex-col gap-3 rounded-2xl bg-slate-50 p-6">
          {RACE_STEPS.map((step) => (
            <li key={step.letter}>
              <strong className="text-brand-dark">{step.title}.</strong> {step.text}
            </li>
          ))}
        </ol>
        <p>
          Teams that follow it have reported <strong>2x support efficiency</strong>, <strong>3x content speed</strong>{" "}
          and <strong>40% lower operating costs</strong> in the processes they rebuilt. One tool built this way drew a{" "}
          <strong>$50,000 buyout offer</strong>. And the <strong>5th Iteration Multiplier Effect</strong> is why those
          results keep compounding after the first win.
        </p>
        <figure className="flex flex-col items-center gap-3 py-4">
          <BookCover sizes="14rem" className="h-auto w-56 rounded-md shadow-2xl" />
          <figcaption className="text-base text-slate-600">Fast Forward, complete digital edition</figcaption>
        </figure>
        <p>
          The book sells for {formatUsd(prices.book.normalPrice)}. While this page is up, it is yours for{" "}
          <strong>{formatUsd(prices.book.paidPrice)}</strong> — and if it is not worth far more than that to you, e-mail
          us within {GUARANTEE_DAYS} days for a full refund.
        </p>
        <div className="my-4 flex flex-col items-center gap-3 rounded-2xl border-2 border-brand bg-red-50 p-6 text-center">
          <p className="text-base font-semibold text-slate-700">
            <s>{formatUsd(prices.book.normalPrice)}</s> → {formatUsd(prices.book.paidPrice)} · instant digital access ·{" "}
            {GUARANTEE_DAYS}-day money-back guarantee
          </p>
          <BuyNowLink source="letter" className={CTA_LARGE} />
        </div>
        <p>To your team&apos;s next hour,</p>
        <p className="font-semibold">The Fast Forward team</p>
        <p className="text-base text-slate-700">
          P.S. The whole risk is on us: {formatUsd(prices.book.paidPrice)}, a {GUARANTEE_DAYS}-day guarantee, and a
          method you can apply to one process this week.
        </p>
      </div>
    </article>
  );
}
