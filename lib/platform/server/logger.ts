import "server-only";
import pino, { type DestinationStream, type Logger } from "pino";
import { getLogSettings } from "@/lib/platform/server/config";

// Development writes readable lines without pino-pretty or a worker thread. Lines carry ids, never
// addresses, phone numbers, passwords, secrets or tokens (docs/operations.md#logs).

const LEVEL_NAMES: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};
const RECORD_KEYS = new Set(["level", "time", "msg", "pid", "hostname"]);

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
    return pino({ level, timestamp: pino.stdTimeFunctions.isoTime });
  }
  return pino({ level, base: null }, readableStream());
}

export const log: Logger = createLogger();

/** Next.js loads scripts/lib/page-cache-handler.mjs outside the app's bundle. */
const SHARED_LOGGER_KEY = Symbol.for("fast-forward.logger");

export function shareLoggerWithPageCache(): void {
  Reflect.set(globalThis, SHARED_LOGGER_KEY, log);
}
