import { randomBytes } from "node:crypto";
import pg from "pg";
import { freshDatabase } from "../support/db";
import { TEST_PEER_SECRET } from "../support/http";
import { PEER_SECRET_KEY } from "@/lib/platform/server/security/peer-stamp";

// Every test file gets a database of its own, cloned from the run's migrated template: files run
// side by side in several workers and none sees another's rows, jobs or rate-limit counters.
const own = await freshDatabase({
  name: `file_w${process.env.VITEST_POOL_ID ?? "0"}_${randomBytes(4).toString("hex")}`,
});
process.env.TEST_FILE_DATABASE_URL = own.url;
// The first connection to a new database builds its catalog caches; done here, it is not counted
// against the app's connect and health-check timeouts.
const warm = new pg.Client({ connectionString: own.url });
await warm.connect();
await warm.query("SELECT count(*) FROM pg_class");
await warm.end();
// lib/platform/server/config reads process.env once; point it at this file's database before any test imports it.
process.env.DATABASE_URL = own.url;
process.env.SESSION_SECRET = "integration-test-session-secret-0123456789";
// As the HTTP front does at boot: route handlers believe only stamps signed with this.
(globalThis as Record<symbol, unknown>)[PEER_SECRET_KEY] = TEST_PEER_SECRET;
