// Placeholder home page; the full landing page is its own issue.
export default function HomePage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-6 px-6 py-16">
      <p className="text-sm font-semibold tracking-widest text-brand uppercase">The free business book</p>
      <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Fast Forward</h1>
      <p className="text-lg text-slate-700">
        Rank, Analyze, Create, Embed: the RACE Framework for putting AI to work in your company.
      </p>
    </main>
  );
}
