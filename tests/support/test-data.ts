import { mkdirSync } from "node:fs";
import path from "node:path";

// Throw-away databases live under the project's git-ignored .test-data/, so `npm test` can tell
// its own servers from anyone else's when it checks that none was left running.
export const TEST_DATA = path.resolve(import.meta.dirname, "../../.test-data");
mkdirSync(TEST_DATA, { recursive: true });
