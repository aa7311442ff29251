import "server-only";
import { JOB_SCHEMA } from "@/lib/platform/shared/queues";
import type { PersonDb } from "@/lib/privacy/server/person-scope";
import { identifierPatterns } from "@/lib/privacy/server/scrub-attribution";

// The queue's payloads and error output (a provider's message may quote the address) are searched
// as text, so a job added later that carries a name or address is covered too. A matching job is
// deleted in any state: work still waiting for an erased person must not run.

export async function eraseJobPayloads(tx: PersonDb, identifiers: string[]): Promise<number> {
  const patterns = identifierPatterns(identifiers);
  if (patterns.length === 0) return 0;
  let deleted = 0;
  for (const table of ["job", "archive"]) {
    deleted += await tx.$executeRawUnsafe(
      `DELETE FROM ${JOB_SCHEMA}.${table} WHERE data::text ILIKE ANY($1) OR output::text ILIKE ANY($1)`,
      patterns,
    );
  }
  return deleted;
}
