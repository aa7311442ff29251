// The part of autocannon's API that scripts/bench/api.ts uses (the package ships no types).
declare module "autocannon" {
  /** Per-connection state, shared by setupRequest and onResponse of that connection. */
  type Context = Record<string, unknown>;
  type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type RequestStep = RawRequest & {
    setupRequest?: (request: RawRequest, context: Context) => RawRequest;
    onResponse?: (status: number, body: string, context: Context) => void;
  };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    requests?: RequestStep[];
  };
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    "1xx": number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
