"use client";

import { preload } from "react-dom";

// Rendered from a client component so the server's HTML carries it in <head>; a server component's
// preload only reaches the RSC payload, after the head was sent.
export function HeroArtPreload({ src, media }: { src: string; media: string }) {
  preload(src, { as: "image", fetchPriority: "high", media });
  return null;
}
