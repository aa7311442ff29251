import { describe, expect, it } from "vitest";
import { rewriteHtmlLinks, rewriteTextLinks, type LinkTracker } from "@/lib/platform/shared/rewrite-links";

// Click tracking's rewrite: http(s) links go through the tracker, which may leave one as written;
// mailto:, tel:, relative links and anchors are never offered to it.

const seen: string[] = [];
const track: LinkTracker = (url) => {
  seen.push(url);
  return url.includes("/unsubscribe") ? null : `https://shop.example/r/${seen.length}`;
};

describe("rewriteHtmlLinks", () => {
  it("rewrites each http(s) href, decoding entities first and leaving every other attribute", () => {
    seen.length = 0;
    const html =
      `<p><a class="cta" href="https://shop.example/offer?a=1&amp;b=2" style="color:red">Offer</a> ` +
      `<A HREF='http://blog.example/post'>Blog</A></p>`;
    expect(rewriteHtmlLinks(html, track)).toBe(
      `<p><a class="cta" href="https://shop.example/r/1" style="color:red">Offer</a> ` +
        `<A HREF="https://shop.example/r/2">Blog</A></p>`,
    );
    expect(seen).toEqual(["https://shop.example/offer?a=1&b=2", "http://blog.example/post"]);
  });

  it("leaves the unsubscribe link and non-http links untouched", () => {
    seen.length = 0;
    const html =
      `<a href="https://shop.example/unsubscribe?token=abc">Unsubscribe</a>` +
      `<a href="mailto:help@shop.example">Mail us</a><a href="tel:+15555550100">Call</a>` +
      `<a href="/relative">Here</a><a href="#top">Top</a><img src="https://cdn.example/logo.png">`;
    expect(rewriteHtmlLinks(html, track)).toBe(html);
    expect(seen).toEqual(["https://shop.example/unsubscribe?token=abc"]);
  });
});

describe("rewriteTextLinks", () => {
  it("rewrites bare URLs without their trailing punctuation, and leaves unsubscribe and mailto", () => {
    seen.length = 0;
    const text =
      "See https://shop.example/offer?a=1&b=2. Or (http://blog.example/post), thanks!\n" +
      "Unsubscribe: https://shop.example/unsubscribe?token=abc\nmailto:help@shop.example";
    expect(rewriteTextLinks(text, track)).toBe(
      "See https://shop.example/r/1. Or (https://shop.example/r/2), thanks!\n" +
        "Unsubscribe: https://shop.example/unsubscribe?token=abc\nmailto:help@shop.example",
    );
    expect(seen).toEqual([
      "https://shop.example/offer?a=1&b=2",
      "http://blog.example/post",
      "https://shop.example/unsubscribe?token=abc",
    ]);
  });
});
