import { config } from "zod/v4/core";

// Runs in the browser before hydration, so before any client module builds a zod schema. zod
// probes for eval (`new Function`) when it builds its first object schema; the page's
// Content-Security-Policy blocks that, and the browser reports a violation even though zod
// catches the error. jitless skips the probe (the browser's few, small parses do not need
// zod's compiled fast path). Only zod's tiny config module is imported, not zod itself.
config({ jitless: true });
