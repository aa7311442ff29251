// Addresses can carry personal data, so the line names the matched route pattern; only unmatched
// requests log a scrubbed path.

export type RequestLine = {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  rsc?: true;
};

type Attributes = Record<string, unknown>;

const REDACTED = ":redacted";

export function scrubPath(target: string): string {
  const path = target.split(/[?#]/, 1)[0] || "/";
  return path
    .split("/")
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return REDACTED;
      }
      // Nothing a route of ours spells out.
      return /@|\d{5,}|[^\x20-\x7e]/.test(decoded) || decoded.length > 40 ? REDACTED : segment;
    })
    .join("/");
}

export function requestLine(attributes: Attributes, durationMs: number, requestId: string): RequestLine {
  const route = attributes["next.route"] ?? attributes["http.route"];
  const target = attributes["http.target"];
  const method = attributes["http.method"];
  return {
    requestId,
    method: typeof method === "string" ? method : "GET",
    route: typeof route === "string" ? route : scrubPath(typeof target === "string" ? target : "/"),
    status: Number(attributes["http.status_code"] ?? 0),
    durationMs: Math.round(durationMs * 10) / 10,
    ...(attributes["next.rsc"] === true ? { rsc: true as const } : {}),
  };
}
