// `node --import ./scripts/lib/server-only-register.mjs`: lib/ server modules load in a plain
// Node process (the worker), see server-only-loader.mjs.
import { register } from "node:module";

register("./server-only-loader.mjs", import.meta.url);
