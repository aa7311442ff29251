import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// So leads and orders can be read by variant without joining exposures. The first exposure wins:
// in jsonb concatenation `new || existing` lets the existing value win.

type RawWriter = Pick<Prisma.TransactionClient, "$executeRaw">;

const runningVariants = (browserId: string) => Prisma.sql`(
  SELECT COALESCE(jsonb_object_agg(e.key, x.variant), '{}'::jsonb)
    FROM experiment_exposures x JOIN experiments e ON e.id = x.experiment_id
   WHERE x.browser_id = ${browserId} AND e.status = 'running')`;

export function stampProspectVariants(db: RawWriter, prospectId: string, browserId: string): Promise<number> {
  return db.$executeRaw`
    UPDATE prospects p SET experiment_variants = ${runningVariants(browserId)} || p.experiment_variants
     WHERE p.id = ${prospectId}::uuid`;
}

export function stampOrderVariants(db: RawWriter, orderId: string, browserId: string): Promise<number> {
  return db.$executeRaw`
    UPDATE orders o SET experiment_variants = ${runningVariants(browserId)} || o.experiment_variants
     WHERE o.id = ${orderId}::uuid`;
}
