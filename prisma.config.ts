// Used by the Prisma CLI (generate here; `prisma migrate deploy` on machines with the native
// engine). This app's own tooling lives in scripts/ops/db.ts.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
