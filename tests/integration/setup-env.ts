import { inject } from "vitest";
import { TEST_PEER_SECRET } from "./peer";
import { PEER_SECRET_KEY } from "@/lib/platform/server/security/peer-stamp";

// lib/platform/server/config reads process.env once; point it at this run's database before any test imports it.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.SESSION_SECRET = "integration-test-session-secret-0123456789";
// As the HTTP front does at boot: route handlers believe only stamps signed with this.
(globalThis as Record<symbol, unknown>)[PEER_SECRET_KEY] = TEST_PEER_SECRET;
