// Placeholder home page; the full landing page is its own issue (it keeps the free-offer buttons
// wrapped in <OptInProvider>, as here).
import { FreeOfferButton, OptInProvider } from "@/components/lead-capture/opt-in-context";
import { TrackPageLoad } from "@/components/tracking/track-page-load";

export default function HomePage() {
  return (
    <OptInProvider>
      <TrackPageLoad page="home" />
      <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-6 px-6 py-16">
        <p className="text-sm font-semibold tracking-widest text-brand uppercase">The free business book</p>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Fast Forward</h1>
        <p className="text-lg text-slate-700">
          Rank, Analyze, Create, Embed: the RACE Framework for putting AI to work in your company.
        </p>
        <FreeOfferButton
          source="hero"
          className="self-start rounded-xl bg-brand px-6 py-4 text-lg font-bold text-white shadow-lg hover:brightness-110"
        >
          Get the Book Now for Free
        </FreeOfferButton>
      </main>
    </OptInProvider>
  );
}
