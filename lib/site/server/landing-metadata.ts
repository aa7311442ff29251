import "server-only";
import type { Metadata } from "next";
import { pageMetadata } from "@/lib/site/server/page-metadata";

// `/` keeps its own canonical whichever variant it shows.

export function freeLandingMetadata(): Metadata {
  return pageMetadata({
    path: "/",
    title: "Fast Forward — Get the business AI book free",
    absoluteTitle: true,
    description:
      "Fast Forward shows business owners and team leads where AI pays: the four-step RACE Framework (Rank, Analyze, Create, Embed). Get the digital copy free today.",
  });
}

export function paidLandingMetadata(path: "/" | "/paid"): Metadata {
  return pageMetadata({
    path,
    title: "Fast Forward — the business AI playbook for $7",
    absoluteTitle: true,
    description:
      "Get Fast Forward for just $7 (normally $47.97): the RACE Framework for putting AI to work in your business, with a 30-day money-back guarantee.",
  });
}
