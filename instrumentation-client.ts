import { config } from "zod/v4/core";

// zod probes for eval on its first object schema; the CSP blocks it and the browser reports a
// violation. jitless skips the probe. Must run before hydration.
config({ jitless: true });
