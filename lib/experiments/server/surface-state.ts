import "server-only";
import { getDb } from "@/lib/platform/server/db";
import { processCache } from "@/lib/platform/server/process-cache";
import { toExperimentRecord, type ExperimentRecord } from "@/lib/experiments/server/experiment-record";
import { isCatalogSurface, SURFACE_VARIANTS, type Surface } from "@/lib/experiments/shared/surfaces";

// Read on every landing render, so cached in process: a start or stop elsewhere reaches this
// instance within CACHE_MS.

export const SURFACE_STATE_CACHE_MS = 5_000;

export type SurfaceState = {
  running: ExperimentRecord | null;
  rollout: string | null;
  /** The latest stop: a catalog test's rollout applies to its own product only. */
  stopped: ExperimentRecord | null;
};

async function readSurfaceState(surface: Surface): Promise<SurfaceState> {
  // "running" sorts before "stopped", and stopped_at DESC brings the latest stop next.
  const rows = await getDb().experiment.findMany({
    where: { surface, status: { in: ["running", "stopped"] } },
    orderBy: [{ status: "asc" }, { stoppedAt: { sort: "desc", nulls: "last" } }],
    take: 2,
  });
  const records = rows.map(toExperimentRecord);
  const running = records.find((r) => r.status === "running") ?? null;
  const stopped = records.find((r) => r.status === "stopped") ?? null;
  const rolled = stopped?.rolledOutVariant ?? null;
  // A rollout naming no variant of the surface is ignored rather than rendered as nothing.
  const known = isCatalogSurface(surface) ? (stopped?.variants ?? []).map((v) => v.key) : SURFACE_VARIANTS[surface];
  const rollout = rolled && known.includes(rolled) ? rolled : null;
  return { running, rollout, stopped };
}

const cache = processCache("surface-state", SURFACE_STATE_CACHE_MS, readSurfaceState);

export function surfaceState(surface: Surface, now = Date.now()): Promise<SurfaceState> {
  return cache.read(surface, now);
}

/** So this instance sees a start or stop it made itself at once. */
export function forgetSurfaceState(): void {
  cache.forget();
}
