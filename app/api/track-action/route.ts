// POST /api/track-action — stores one funnel event (spec §4 steps) and answers 202. In production
// scripts/next-server.mjs answers this path before Next.js's router (lib/http/fast-routes.ts);
// this route serves `npm run dev` and anything that reaches Next.js directly.
import { handleTrackAction } from "@/lib/tracking/track-action-endpoint";

export const POST = handleTrackAction;
