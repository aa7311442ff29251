// Lets lib/ server modules load in a plain Node process (server-only-loader.mjs).
import { register } from "node:module";

register("./server-only-loader.mjs", import.meta.url);
