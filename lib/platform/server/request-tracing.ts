import "server-only";
import { randomBytes } from "node:crypto";
import {
  context as otelContext,
  INVALID_SPAN_CONTEXT,
  propagation,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanAttributes,
  type SpanContext,
  type SpanOptions,
  type Tracer,
  type TracerProvider,
} from "@opentelemetry/api";
import { getConfig } from "@/lib/platform/server/config";
import { log } from "@/lib/platform/server/logger";
import { AsyncContextManager, FunnelPropagator, REQUEST_ID_KEY } from "@/lib/platform/server/request-context";
import { requestLine } from "@/lib/platform/shared/request-line";

// Next.js has no response hook, but traces every request as a root span; this tracer records
// only that span and logs it on end. Other spans get non-recording stand-ins, so this is cheap.

const ROOT_SPAN_TYPE = "BaseServer.handleRequest";
/** A first pass whose second never started (proxy answered itself); a dev compile can sit between. */
const ORPHAN_PASS_MS = 30_000;

type FirstPass = { startedAt: number; requestId: string; timer: NodeJS.Timeout };
const firstPasses = new Map<string, FirstPass>();

class RequestSpan implements Span {
  private readonly attributes: SpanAttributes;
  private readonly startedAt = performance.now();
  private readonly context: SpanContext;
  private ended = false;

  constructor(
    parent: SpanContext | undefined,
    attributes: SpanAttributes | undefined,
    private readonly requestId: string | undefined,
  ) {
    this.attributes = { ...attributes };
    this.context = {
      traceId: parent?.traceId ?? randomBytes(16).toString("hex"),
      spanId: randomBytes(8).toString("hex"),
      traceFlags: TraceFlags.SAMPLED,
    };
    this.earlier = parent ? firstPasses.get(parent.spanId) : undefined;
    if (this.earlier) {
      clearTimeout(this.earlier.timer);
      firstPasses.delete(parent!.spanId);
    }
  }

  private readonly earlier: FirstPass | undefined;

  spanContext(): SpanContext {
    return this.context;
  }
  setAttribute(key: string, value: SpanAttributes[string]): this {
    this.attributes[key] = value;
    return this;
  }
  setAttributes(attributes: SpanAttributes): this {
    Object.assign(this.attributes, attributes);
    return this;
  }
  addEvent(): this {
    return this;
  }
  addLink(): this {
    return this;
  }
  addLinks(): this {
    return this;
  }
  setStatus(): this {
    return this;
  }
  updateName(): this {
    return this;
  }
  isRecording(): boolean {
    return !this.ended;
  }
  recordException(): void {}

  end(): void {
    if (this.ended) return;
    this.ended = true;
    const { spanId, traceId } = this.context;
    const earlier = this.earlier;
    const requestId = earlier?.requestId ?? this.requestId ?? traceId;
    const startedAt = earlier?.startedAt ?? this.startedAt;
    if (this.attributes["next.bubble"] === true) {
      const timer = setTimeout(() => this.write(startedAt, requestId, firstPasses.delete(spanId)), ORPHAN_PASS_MS);
      timer.unref();
      firstPasses.set(spanId, { startedAt, requestId, timer });
      return;
    }
    this.write(startedAt, requestId, true);
  }

  private write(startedAt: number, requestId: string, due: boolean): void {
    if (!due) return;
    const line = requestLine(this.attributes, performance.now() - startedAt, requestId);
    if (line.status >= 500) log.error(line, "request");
    else log.info(line, "request");
  }
}

class RequestTracer implements Tracer {
  startSpan(_name: string, options?: SpanOptions, context: Context = otelContext.active()): Span {
    const parent = trace.getSpanContext(context);
    if (options?.attributes?.["next.span_type"] !== ROOT_SPAN_TYPE) {
      return trace.wrapSpanContext(parent ?? INVALID_SPAN_CONTEXT);
    }
    const requestId = context.getValue(REQUEST_ID_KEY);
    return new RequestSpan(parent, options.attributes, typeof requestId === "string" ? requestId : undefined);
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, ...rest: unknown[]): ReturnType<F> {
    const fn = rest.pop() as F;
    const [options, context = otelContext.active()] = rest as [SpanOptions | undefined, Context | undefined];
    const span = this.startSpan(name, options, context);
    return otelContext.with(
      trace.setSpan(context, span),
      (active: Span) => fn(active) as ReturnType<F>,
      undefined,
      span,
    );
  }
}

class RequestTracerProvider implements TracerProvider {
  private readonly tracer = new RequestTracer();
  getTracer(): Tracer {
    return this.tracer;
  }
}

export function registerRequestLog(): void {
  otelContext.setGlobalContextManager(new AsyncContextManager());
  propagation.setGlobalPropagator(
    new FunnelPropagator(
      (spanId) => firstPasses.has(spanId),
      () => getConfig().TRUSTED_PROXY_HOPS > 0,
    ),
  );
  trace.setGlobalTracerProvider(new RequestTracerProvider());
}
