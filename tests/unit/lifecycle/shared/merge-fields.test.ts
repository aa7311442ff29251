import { describe, expect, it } from "vitest";
import {
  applyMergeFields,
  escapeMarkdownText,
  unknownMergeFields,
  type MergeValues,
} from "@/lib/lifecycle/shared/merge-fields";

const VALUES: MergeValues = {
  first_name: "Ada",
  last_name: "Lovelace",
  full_name: "Ada Lovelace",
  book_url: "https://example.com/free-download",
  offer_url: "https://example.com/offer",
  booking_url: "https://example.com/schedule-call",
};

describe("merge fields", () => {
  it("puts in the lead's value, or the fallback when it is empty", () => {
    expect(applyMergeFields("Hi {{first_name|there}},", VALUES)).toBe("Hi Ada,");
    expect(applyMergeFields("Hi {{ first_name | there }},", { ...VALUES, first_name: "  " })).toBe("Hi there,");
    expect(applyMergeFields("Hi {{first_name}}!", { ...VALUES, first_name: "" })).toBe("Hi !");
  });

  it("turns an unknown field into its fallback and names it for an editor", () => {
    expect(applyMergeFields("Hi {{nickname|friend}}", VALUES)).toBe("Hi friend");
    expect(unknownMergeFields("{{nickname}} {{first_name}} {{email}} {{nickname}}")).toEqual(["nickname", "email"]);
  });

  it("escapes values and the literal text separately, and never a link", () => {
    const merged = applyMergeFields(
      "<b>{{first_name}}</b> [go]({{offer_url}})",
      { ...VALUES, first_name: "*<i>x</i>*" },
      escapeMarkdownText,
      (text) => text.replace(/</g, "&lt;"),
    );
    expect(merged).toBe("&lt;b>\\*&lt;i\\>x&lt;/i\\>\\*&lt;/b> [go](https://example.com/offer)");
  });

  it("escapes Markdown punctuation and HTML in a value", () => {
    expect(escapeMarkdownText("[a](b) & <c>")).toBe("\\[a\\]\\(b\\) &amp; &lt;c\\>");
  });
});
