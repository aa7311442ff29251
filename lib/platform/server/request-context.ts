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

// A context manager so Next.js finds the request's root span, and a propagator for proxy.ts's
// two passes. Only spans this process started are taken back, so the client never picks a
// request id; a trusted reverse proxy's X-Request-Id may.

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
    private readonly isOwnSpan: (spanId: string) => boolean,
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
