import { describe, expect, it } from "vitest";
import { audienceMisfit, firstShownTo, fitsPage, shownTo, variantAudience } from "@/lib/experiments/shared/audiences";
import { SURFACE_VARIANTS } from "@/lib/experiments/shared/surfaces";

describe("variant audiences", () => {
  it("the add-to-order offer is for $7 book buyers; every other variant is for everyone", () => {
    expect(variantAudience("offer", "add-to-order")).toBe("book_buyer");
    for (const variant of ["countdown", "team"]) expect(variantAudience("offer", variant)).toBe("everyone");
    for (const variant of SURFACE_VARIANTS.landing) expect(variantAudience("landing", variant)).toBe("everyone");
  });

  it("a variant fits a page only when it may be shown to everyone who reaches it", () => {
    // The one-time offer follows the free opt-in: its visitors are free-book readers.
    expect(fitsPage("offer", "add-to-order")).toBe(false);
    expect(fitsPage("offer", "countdown")).toBe(true);
    expect(fitsPage("offer", "team")).toBe(true);
    for (const variant of SURFACE_VARIANTS.landing) expect(fitsPage("landing", variant)).toBe(true);
  });

  it("names the misfit and both audiences, or null when the whole test fits", () => {
    expect(audienceMisfit("offer", ["countdown", "add-to-order", "team"])).toBe(
      "“add-to-order” is shown only to $7 book buyers, but the visitors of this page are free-book readers. Leave it out of this test.",
    );
    expect(audienceMisfit("offer", ["countdown", "team"])).toBeNull();
    expect(audienceMisfit("landing", ["free", "paid"])).toBeNull();
  });

  it("serving: a visitor sees a variant only inside its audience; an unknown visitor only what is for everyone", () => {
    expect(shownTo("offer", "add-to-order", "free_book")).toBe(false);
    expect(shownTo("offer", "add-to-order", null)).toBe(false);
    expect(shownTo("offer", "add-to-order", "book_buyer")).toBe(true);
    expect(shownTo("offer", "team", "free_book")).toBe(true);
    expect(shownTo("landing", "paid", null)).toBe(true);
    expect(firstShownTo("offer", "free_book")).toBe("countdown");
    expect(firstShownTo("landing", null)).toBe("free");
  });
});
