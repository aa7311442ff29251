import type { z } from "zod";

// A non-OK reply throws RequestFailedError ("the server said no"); no answer or a wrong shape
// throws a plain Error ("may work if sent again"). No zod at run time: it would more than double
// the landing page's JavaScript, so shapes may be type guards.

export function errorMessageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined;
  const { error } = body;
  if (typeof error !== "object" || error === null || !("message" in error)) return undefined;
  return typeof error.message === "string" ? error.message : undefined;
}

export function errorCodeOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined;
  const { error } = body;
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

export class RequestFailedError extends Error {
  readonly status: number;
  /** The Error's message may be the fallback. */
  readonly serverMessage: string | undefined;
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
  /** For a click that navigates away. */
  keepalive?: boolean;
  signal?: AbortSignal;
};

// A first visit's browser cookie comes with its first API answer (cached pages set none); requests
// sent before that answer would each be given another id, so they wait for it once per page.
let firstAnswer: Promise<unknown> | undefined;

function afterFirstAnswer(send: () => Promise<Response>): Promise<Response> {
  if (firstAnswer) return firstAnswer.then(send);
  const sent = send();
  firstAnswer = sent.catch(() => undefined);
  return sent;
}

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
    response = await afterFirstAnswer(() =>
      fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        keepalive: options.keepalive ?? false,
        signal: options.signal,
      }),
    );
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
