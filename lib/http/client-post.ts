import type { z } from "zod";

// Browser calls to the JSON routes: POST a body, accept only the shape the route promises. A
// non-OK reply throws RequestFailedError with the body's { error: { message } } (or the caller's
// fallback); no answer at all, or an answer of the wrong shape, throws a plain Error with the
// fallback. Callers tell "the server said no" (a 400 will not pass when sent again) from "no
// answer" (a network or provider failure may). No runtime zod here: the landing page's opt-in
// uses this module, and zod would more than double its own JavaScript (npm run bench:pages).

/** The message of an { error: { message } } body, when it has one. */
export function errorMessageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined;
  const { error } = body;
  if (typeof error !== "object" || error === null || !("message" in error)) return undefined;
  return typeof error.message === "string" ? error.message : undefined;
}

export class RequestFailedError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = "RequestFailedError";
    this.status = status;
  }
}

export type PostOptions = {
  /** Let the request outlive the page (a click that navigates away): fire-and-forget sends. */
  keepalive?: boolean;
};

export function post<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  fallback: string,
  options?: PostOptions,
): Promise<z.infer<S>>;
/** Without a schema the answer's body is not read: only its status counts. */
export function post(path: string, body: unknown, schema: null, fallback: string, options?: PostOptions): Promise<void>;
export async function post(
  path: string,
  body: unknown,
  schema: z.ZodType | null,
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
    });
  } catch {
    throw new Error(fallback);
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new RequestFailedError(errorMessageOf(json) || fallback, response.status);
  }
  if (schema === null) return undefined;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(fallback);
  return parsed.data;
}
