import { inject } from "vitest";

// lib/config reads process.env once; point it at this run's database before any test imports it.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.SESSION_SECRET = "integration-test-session-secret-0123456789";
