"use client";

import { preload } from "react-dom";

// A preload limited to a media query, which next/image's `preload` cannot express (see hero.tsx).
// Called while rendering a client component so the server's HTML carries it in <head>: a server
// component's preload only reaches the page's RSC payload, after the head has been sent.
export function HeroArtPreload({ src, media }: { src: string; media: string }) {
  preload(src, { as: "image", fetchPriority: "high", media });
  return null;
}
