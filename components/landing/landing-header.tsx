import { FreeOfferButton } from "@/components/lead-capture/opt-in-context";
import { Logo } from "@/components/site/logo";
import { ScrollChrome } from "@/components/site/scroll-chrome";

export function LandingHeader() {
  return (
    <ScrollChrome>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <FreeOfferButton
          source="header"
          className="rounded-lg bg-brand px-3 py-2 text-sm font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:px-4"
        >
          Get the Free Book
        </FreeOfferButton>
      </div>
    </ScrollChrome>
  );
}
