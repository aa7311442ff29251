import { describe, expect, it } from "vitest";
import { setupLinkNotes } from "@/scripts/lib/setup-link-notes";

// operator:create's lines under the setup link: where to open it, and a warning when SITE_URL was
// never set or names a placeholder host.

describe("setupLinkNotes", () => {
  it("says the console signs in only at SITE_URL, and nothing more for a real address", () => {
    expect(setupLinkNotes("https://shop.acme.io", false)).toEqual([
      "Open it at https://shop.acme.io (SITE_URL): the console accepts sign-ins only at that address.",
    ]);
  });

  it("says when SITE_URL is not set and what to set", () => {
    const notes = setupLinkNotes("http://localhost:4100", true);
    expect(notes[0]).toContain("http://localhost:4100");
    expect(notes[1]).toMatch(/^SITE_URL is not set, .* set SITE_URL to the address operators use/);
  });

  it("flags a placeholder host", () => {
    for (const site of ["https://example.com", "https://shop.example", "http://console.test:3000"]) {
      expect(setupLinkNotes(site, false)[1], site).toMatch(/is a placeholder name: set SITE_URL/);
    }
    expect(setupLinkNotes("https://myexample.com", false)).toHaveLength(1);
  });
});
