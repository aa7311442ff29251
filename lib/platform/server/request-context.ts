import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import {
  createContextKey,
  ROOT_CONTEXT,
  trace,
  TraceFlags,
  type Context,
  type ContextManager,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
} from "@opentelemetry/api";

// The two OpenTelemetry parts Next.js's tracing needs besides a tracer (request-tracing.ts):
// - a context manager, so Next.js finds a request's root span from inside the request (it keeps
//   the matched route there) — AsyncLocalStorage, as @opentelemetry/context-async-hooks does;
// - a propagator: when proxy.ts runs, Next.js handles a page request in two passes and carries the
//   first pass's span to the second in a `traceparent` request header. Only a span this process
//   started is taken back (a client's traceparent names none of them), so a request's id is
//   never chosen by the client; a reverse proxy's X-Request-Id is, when one is trusted.

export const REQUEST_ID_KEY = createContextKey("funnel.requestId");

export class AsyncContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();

  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.storage.run(context, () => fn.apply(thisArg, args));
  }

  bind<T>(context: Context, target: T): T {
    if (typeof target !== "function") return target;
    const run = (...args: unknown[]): unknown =>
      this.storage.run(context, () => (target as (...a: unknown[]) => unknown)(...args));
    return run as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.storage.disable();
    return this;
  }
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

export class FunnelPropagator implements TextMapPropagator {
  constructor(
    /** Whether a span id is one of this process's first passes still waiting for its second. */
    private readonly isOwnSpan: (spanId: string) => boolean,
    /** Whether a reverse proxy is trusted (TRUSTED_PROXY_HOPS > 0) to name the request. */
    private readonly proxyTrusted: () => boolean,
  ) {}

  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    const span = trace.getSpanContext(context);
    if (!span || !trace.isSpanContextValid(span)) return;
    setter.set(carrier, "traceparent", `00-${span.traceId}-${span.spanId}-01`);
  }

  extract(context: Context, carrier: unknown, getter: TextMapGetter): Context {
    let next = context;
    const requestId = first(getter.get(carrier, "x-request-id"));
    if (requestId && REQUEST_ID.test(requestId) && this.proxyTrusted()) next = next.setValue(REQUEST_ID_KEY, requestId);
    const parent = TRACEPARENT.exec(first(getter.get(carrier, "traceparent")) ?? "");
    if (parent && this.isOwnSpan(parent[2]!)) {
      next = trace.setSpanContext(next, {
        traceId: parent[1]!,
        spanId: parent[2]!,
        traceFlags: TraceFlags.SAMPLED,
        isRemote: true,
      });
    }
    return next;
  }

  fields(): string[] {
    return ["traceparent", "x-request-id"];
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
