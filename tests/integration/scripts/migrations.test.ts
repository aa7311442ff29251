import { describe, expect, it } from "vitest";
import pg from "pg";
import { readSchema } from "../../../scripts/lib/migrations";
import { isClean, migrationStatus } from "../../../scripts/lib/migration-status";
import { diffSql, withSchemaEngine } from "../../../scripts/lib/schema-engine";
import { fileDatabaseUrl, freshDatabase } from "@/tests/support/db";

// This file's database, a clone of the template global-setup migrated from empty.
const url = fileDatabaseUrl();

/**
 * Constraints the migrations add by hand because Prisma's schema language cannot express them
 * (schema.prisma names them in comments): present after migrating, absent from a database built
 * from schema.prisma alone, so they are compared here by name and definition instead.
 */
const HAND_WRITTEN_CONSTRAINTS: Record<string, string> = {
  broadcasts_rate_valid: "CHECK (((rate_per_minute >= 1) AND (rate_per_minute <= 100000)))",
  bookings_no_overlap:
    "EXCLUDE USING gist (tstzrange(starts_at, blocked_until, '[)'::text) WITH &&) WHERE ((status = 'BOOKED'::booking_status))",
  bookings_times_ordered: "CHECK (((ends_at > starts_at) AND (blocked_until >= ends_at)))",
  catalog_bump_versions_valid:
    'CHECK (((version >= 1) AND ("position" >= 0) AND ((length(btrim(headline)) >= 1) AND (length(btrim(headline)) <= 120)) AND (length(description) <= 600)))',
  catalog_bumps_other_product: "CHECK ((bump_product_code <> product_code))",
  catalog_prices_plan_valid:
    "CHECK ((((plan_instalments IS NULL) AND (plan_amount IS NULL) AND (plan_access_rule IS NULL)) OR ((plan_instalments IS NOT NULL) AND (plan_amount IS NOT NULL) AND (plan_access_rule IS NOT NULL) AND ((plan_instalments >= 2) AND (plan_instalments <= 12)) AND (plan_amount >= 50) AND (plan_access_rule = ANY (ARRAY['full_on_first'::text, 'paused_while_overdue'::text])))))",
  catalog_prices_amounts_valid:
    "CHECK (((unit_amount >= 0) AND ((reference_amount IS NULL) OR (reference_amount >= 0)) AND (version >= 1) AND (min_quantity >= 1) AND (max_quantity >= min_quantity)))",
  coupons_terms_valid:
    "CHECK ((((percent_off IS NULL) <> (amount_off IS NULL)) AND ((percent_off IS NULL) OR ((percent_off >= 1) AND (percent_off <= 100))) AND ((amount_off IS NULL) OR (amount_off >= 1)) AND (code = upper(code)) AND (code ~ '^[A-Z0-9_-]{3,32}$'::text) AND ((max_redemptions IS NULL) OR (max_redemptions >= 1)) AND ((max_per_buyer IS NULL) OR (max_per_buyer >= 1)) AND ((duration_months >= 1) AND (duration_months <= 36)) AND ((starts_at IS NULL) OR (ends_at IS NULL) OR (ends_at > starts_at))))",
  catalog_offers_amounts_valid:
    "CHECK (((version >= 1) AND ((offer_amount IS NULL) OR (offer_amount >= 50)) AND ((downsell_amount IS NULL) OR (downsell_amount >= 50)) AND ((offer_product_code IS NULL) OR (offer_product_code <> after_product_code)) AND ((downsell_product_code IS NULL) OR ((offer_product_code IS NOT NULL) AND (downsell_product_code <> after_product_code)))))",
  experiments_one_running_per_surface: "EXCLUDE USING btree (surface WITH =) WHERE ((status = 'running'::text))",
  orders_discount_valid:
    "CHECK (((discount_amount >= 0) AND ((list_amount IS NULL) OR (list_amount = (total_amount + discount_amount)))))",
};
/** Partial indexes the migrations add by hand (Prisma declares them only behind a preview feature). */
const HAND_WRITTEN_INDEXES: Record<string, string> = {
  broadcast_recipients_pending_idx:
    "CREATE INDEX broadcast_recipients_pending_idx ON public.broadcast_recipients USING btree (broadcast_id) WHERE (state = 'PENDING'::broadcast_recipient_state)",
  dunning_cases_one_open_idx:
    "CREATE UNIQUE INDEX dunning_cases_one_open_idx ON public.dunning_cases USING btree (subscription_id) WHERE (state = 'open'::text)",
  funnel_events_checkout_click_idx:
    "CREATE INDEX funnel_events_checkout_click_idx ON public.funnel_events USING btree (session_id) WHERE (action = 'checkout_click'::text)",
  orders_flagged_idx:
    "CREATE INDEX orders_flagged_idx ON public.orders USING btree (browser_id) WHERE (excluded_as IS NOT NULL)",
  prospects_flagged_idx:
    "CREATE INDEX prospects_flagged_idx ON public.prospects USING btree (id) WHERE (excluded_as IS NOT NULL)",
};
type Row = Record<string, unknown>;
type Fingerprint = {
  columns: Row[];
  indexes: (Row & { indexname: string })[];
  constraints: (Row & { conname: string; definition: string })[];
  enums: Row[];
};

function withoutHandWritten(print: Fingerprint): Fingerprint {
  const named = (name: string) => Object.hasOwn(HAND_WRITTEN_CONSTRAINTS, name);
  return {
    ...print,
    // An exclusion constraint brings an index of its own name.
    indexes: print.indexes.filter(
      (index) => !named(index.indexname) && !Object.hasOwn(HAND_WRITTEN_INDEXES, index.indexname),
    ),
    constraints: print.constraints.filter((constraint) => !named(constraint.conname)),
  };
}

/** Everything that defines a schema, in a stable order, read from the catalog. */
async function fingerprint(connectionString: string): Promise<Fingerprint> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const q = async <T extends Row = Row>(sql: string) => (await client.query<T>(sql)).rows;
    return {
      columns: await q(`SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default,
          character_maximum_length, numeric_precision, datetime_precision
        FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
        ORDER BY table_name, column_name`),
      indexes: await q<Fingerprint["indexes"][number]>(`SELECT tablename, indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY indexname`),
      constraints: await q<
        Fingerprint["constraints"][number]
      >(`SELECT c.conrelid::regclass::text AS table_name, c.conname, c.contype,
          pg_get_constraintdef(c.oid) AS definition
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '_prisma_migrations'
        ORDER BY c.conname`),
      // Only the funnel's schema: pg-boss keeps its own tables and types in "pgboss".
      enums: await q(`SELECT t.typname, e.enumlabel, e.enumsortorder FROM pg_type t
        JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = 'public' ORDER BY t.typname, e.enumsortorder`),
    };
  } finally {
    await client.end();
  }
}

/** An empty database with the extensions the migrations create. */
async function emptyDatabase(): Promise<string> {
  const { url: fresh } = await freshDatabase({ migrated: false });
  // Extensions are per database and schema.prisma names none: the migrations create pg_trgm
  // (20261123074304_console_leads_search), a database built from the schema alone needs it first.
  const client = new pg.Client({ connectionString: fresh });
  await client.connect();
  await client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  await client.end();
  return fresh;
}

describe("prisma/migrations", () => {
  it("migrating an empty database leaves no difference from schema.prisma", async () => {
    // The template of this file's database was migrated from empty by global-setup. Build a reference database
    // straight from schema.prisma and compare the two catalogs.
    const schema = readSchema();
    const referenceUrl = await emptyDatabase();
    const sql = await withSchemaEngine(url, schema, (engine) => diffSql(engine, null, schema));
    const reference = new pg.Client({ connectionString: referenceUrl });
    await reference.connect();
    await reference.query(sql);
    await reference.end();

    const migrated = await fingerprint(url);
    expect(withoutHandWritten(migrated)).toEqual(await fingerprint(referenceUrl));
    expect(migrated.columns.length).toBeGreaterThan(50);
    const handWritten = migrated.constraints.filter((c) => Object.hasOwn(HAND_WRITTEN_CONSTRAINTS, c.conname));
    expect(Object.fromEntries(handWritten.map((c) => [c.conname, c.definition]))).toEqual(HAND_WRITTEN_CONSTRAINTS);
    const handIndexes = migrated.indexes.filter((i) => Object.hasOwn(HAND_WRITTEN_INDEXES, i.indexname));
    expect(Object.fromEntries(handIndexes.map((i) => [i.indexname, i.indexdef]))).toEqual(HAND_WRITTEN_INDEXES);
  });

  it("reports no drift on the migrated database", async () => {
    const status = await migrationStatus(url);
    expect(status).toEqual({ pending: [], modified: [], missingLocally: [], failed: [], uncapturedSql: "" });
    expect(isClean(status)).toBe(true);
  });

  it("reports every migration as pending on an empty database", async () => {
    const emptyUrl = await emptyDatabase();
    const status = await migrationStatus(emptyUrl);
    expect(status.pending.length).toBeGreaterThan(0);
    expect(isClean(status)).toBe(false);
  });
});
