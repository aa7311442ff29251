import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { freshDatabase } from "@/tests/support/db";
import { ROOT } from "@/tests/support/console-routes";

// The roles migration on a database that already has operators: each keeps full access (owner),
// and a row added later without a role gets the least.

const MIGRATIONS = path.join(ROOT, "prisma/migrations");
const ROLES = readdirSync(MIGRATIONS).find((name) => name.endsWith("_operator_roles"))!;

describe("the operator roles migration", () => {
  it("makes every existing operator an owner; later rows without a role are read-only", async () => {
    const { url } = await freshDatabase({ migrated: false });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const sqlOf = (name: string) => readFileSync(path.join(MIGRATIONS, name, "migration.sql"), "utf8");
      const before = readdirSync(MIGRATIONS)
        .filter((name) => /^\d/.test(name) && name < ROLES)
        .sort();
      for (const name of before) await client.query(sqlOf(name));
      await client.query(
        `INSERT INTO operator_users (id, name, email, updated_at) VALUES ('a', 'A', 'a@example.com', now()), ('b', 'B', 'b@example.com', now())`,
      );
      await client.query(sqlOf(ROLES));
      await client.query(
        `INSERT INTO operator_users (id, name, email, updated_at) VALUES ('c', 'C', 'c@example.com', now())`,
      );
      const rows = await client.query<{ id: string; role: string }>(`SELECT id, role FROM operator_users ORDER BY id`);
      expect(rows.rows).toEqual([
        { id: "a", role: "owner" },
        { id: "b", role: "owner" },
        { id: "c", role: "read_only" },
      ]);
    } finally {
      await client.end();
    }
  });
});
