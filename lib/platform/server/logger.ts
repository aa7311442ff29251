import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { getLogSettings } from "@/lib/platform/server/config";

// The one logger of the server and the workers (pino). Production writes one JSON object per line
// to stdout, for a log shipper; development and tests get the same records as readable lines, so
// no second package (pino-pretty) and no worker thread are needed. Lines carry ids, never e-mail
// addresses, phone numbers, passwords, client secrets or tokens (design.md §6).

const LEVEL_NAMES: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};
const RECORD_KEYS = new Set(["level", "time", "msg", "pid", "hostname"]);

/** One JSON record as `12:00:00.000 INFO  message key=value …`. */
export function readableLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(typeof record.time === "number" ? record.time : Date.now()).toISOString().slice(11, 23);
  const level = (LEVEL_NAMES[Number(record.level)] ?? String(record.level)).padEnd(5);
  const fields = Object.entries(record)
    .filter(([key]) => !RECORD_KEYS.has(key))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const message = typeof record.msg === "string" ? record.msg : "";
  return `${time} ${level} ${[message, ...fields].join(" ")}\n`;
}

function readableStream(): DestinationStream {
  return { write: (json: string) => void process.stdout.write(readableLine(json)) };
}

function createLogger(): Logger {
  const { level, production } = getLogSettings();
  if (production) {
    // pid and hostname tell instances apart; ISO times read the same in every log store.
    return pino({ level, timestamp: pino.stdTimeFunctions.isoTime });
  }
  return pino({ level, base: null }, readableStream());
}

export const log: Logger = createLogger();

/** Where scripts/lib/page-cache-handler.mjs finds this logger: Next.js loads that file outside the app's bundle. */
const SHARED_LOGGER_KEY = Symbol.for("fast-forward.logger");

export function shareLoggerWithPageCache(): void {
  Reflect.set(globalThis, SHARED_LOGGER_KEY, log);
}
