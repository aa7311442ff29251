import type { z } from "zod";

// The browser's one way to call the JSON routes: POST a body, accept only the shape the route
// promises. A non-OK reply throws RequestFailedError with the body's { error: { message } } (or
// the caller's fallback); no answer at all, or an answer of the wrong shape, throws a plain Error
// with the fallback. Callers tell "the server said no" (a 400 will not pass when sent again) from
// "no answer" (a network or provider failure may). The answer's shape is a zod schema, a plain
// type guard or null (status only): the landing page's opt-in uses guards, because zod would more
// than double its own JavaScript (npm run bench:pages), so nothing here imports zod at run time.

/** The message of an { error: { message } } body, when it has one. */
export function errorMessageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined;
  const { error } = body;
  if (typeof error !== "object" || error === null || !("message" in error)) return undefined;
  return typeof error.message === "string" ? error.message : undefined;
}

/** The code of an { error: { code } } body, when it has one. */
export function errorCodeOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined;
  const { error } = body;
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

export class RequestFailedError extends Error {
  readonly status: number;
  /** The server's own message, when its error body had one (the Error's message may be the fallback). */
  readonly serverMessage: string | undefined;
  /** The error table's code (lib/platform/shared/error-codes.ts), for callers that act on one. */
  readonly code: string | undefined;

  constructor(message: string, status: number, serverMessage?: string, code?: string) {
    super(message);
    this.name = "RequestFailedError";
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = code;
  }
}

export type BodyGuard<T> = (body: unknown) => body is T;

export type PostOptions = {
  /** Let the request outlive the page (a click that navigates away): fire-and-forget sends. */
  keepalive?: boolean;
  /** Give up (a timeout, or the component that asked is gone): fails like no answer. */
  signal?: AbortSignal;
};

export function post<S extends z.ZodType>(
  path: string,
  body: unknown,
  shape: S,
  fallback: string,
  options?: PostOptions,
): Promise<z.output<S>>;
export function post<T>(
  path: string,
  body: unknown,
  shape: BodyGuard<T>,
  fallback: string,
  options?: PostOptions,
): Promise<T>;
/** Without a shape the answer's body is not checked: only its status counts. */
export function post(path: string, body: unknown, shape: null, fallback: string, options?: PostOptions): Promise<void>;
export async function post(
  path: string,
  body: unknown,
  shape: z.ZodType | BodyGuard<unknown> | null,
  fallback: string,
  options: PostOptions = {},
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      keepalive: options.keepalive ?? false,
      signal: options.signal,
    });
  } catch {
    throw new Error(fallback);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const serverMessage = errorMessageOf(json);
    throw new RequestFailedError(serverMessage || fallback, response.status, serverMessage, errorCodeOf(json));
  }
  if (shape === null) return undefined;
  if (typeof shape === "function") {
    if (!shape(json)) throw new Error(fallback);
    return json;
  }
  const parsed = shape.safeParse(json);
  if (!parsed.success) throw new Error(fallback);
  return parsed.data;
}
