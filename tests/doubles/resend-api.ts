import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

// A local stand-in for Resend's HTTP API (POST /emails), reached through the SDK's baseUrl option.
// It honours Idempotency-Key as Resend does: a repeated key gets the first answer and no second
// e-mail. `deliveries` counts e-mails per key, so "sent exactly once" is a property of the double.
// `hold` keeps chosen requests unanswered (accepted, as a provider that received them would have),
// to stand for a worker that dies while waiting for the answer.
// GET /domains lists `domains` in Resend's format; `setDomain` adds one or changes its status.

export type ResendDouble = {
  url: string;
  /** E-mails accepted, per idempotency key (or per request without one). */
  deliveries: Map<string, number>;
  /** Requests received, including repeats of a key. */
  requests: () => number;
  /** Requests held without an answer so far. */
  held: () => number;
  /** The body of each message accepted (first request per key), by idempotency key. */
  bodies: Map<string, Record<string, unknown>>;
  /** Lists the domain in GET /domains with this status (verified, not_started, pending, failed, …), or drops it. */
  setDomain: (name: string, status: string | null) => void;
  /** GET /domains requests received. */
  domainRequests: () => number;
  close: () => Promise<void>;
};

export async function startResendDouble(
  options: {
    hold?: (requestNumber: number) => boolean;
    delayMs?: number;
    /** Refuse these messages as Resend refuses an invalid one (422), every time. */
    refuse?: (to: string) => boolean;
    /** How long GET /domains takes to answer. */
    domainDelayMs?: number;
  } = {},
): Promise<ResendDouble> {
  const deliveries = new Map<string, number>();
  const answers = new Map<string, string>();
  const bodies = new Map<string, Record<string, unknown>>();
  const heldResponses: http.ServerResponse[] = [];
  const domains = new Map<string, { id: string; status: string; created_at: string }>();
  let requests = 0;
  let domainRequests = 0;
  const server = http.createServer((req, res) => {
    if (req.method === "GET" && req.url?.split("?")[0] === "/domains") {
      domainRequests += 1;
      req.resume();
      const data = [...domains].map(([name, domain]) => ({
        object: "domain",
        id: domain.id,
        name,
        status: domain.status,
        created_at: domain.created_at,
        region: "us-east-1",
        capabilities: { sending: "enabled", receiving: "disabled" },
      }));
      const reply = () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", has_more: false, data }));
      };
      if (options.domainDelayMs) setTimeout(reply, options.domainDelayMs);
      else reply();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests += 1;
      const number = requests;
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      const to = typeof body === "object" && body !== null && "to" in body ? String(body.to) : "";
      if (options.refuse?.(to)) {
        res.writeHead(422, { "content-type": "application/json" });
        res.end(JSON.stringify({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }));
        return;
      }
      const header = req.headers["idempotency-key"];
      const key = typeof header === "string" ? header : `request-${number}`;
      const repeat = answers.get(key);
      const answer = repeat ?? JSON.stringify({ id: randomUUID() });
      if (!repeat) {
        answers.set(key, answer);
        if (typeof body === "object" && body !== null) bodies.set(key, { ...body });
        deliveries.set(key, (deliveries.get(key) ?? 0) + 1);
      }
      if (options.hold?.(number)) {
        heldResponses.push(res);
        return;
      }
      const reply = () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(answer);
      };
      if (options.delayMs) setTimeout(reply, options.delayMs);
      else reply();
    });
  });
  // Longer than any client keeps an idle socket, so a reused connection is never closed under a request.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    bodies,
    requests: () => requests,
    setDomain: (name, status) => {
      if (status === null) domains.delete(name);
      else
        domains.set(name, { id: domains.get(name)?.id ?? randomUUID(), status, created_at: new Date().toISOString() });
    },
    domainRequests: () => domainRequests,
    held: () => heldResponses.length,
    close: async () => {
      for (const res of heldResponses) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A webhook request as Resend sends it: the event under Svix's headers (svix-id, svix-timestamp,
 * svix-signature), signed with the endpoint's `whsec_…` secret.
 */
export function resendWebhookRequest(
  secret: string,
  event: { type: string; data: Record<string, unknown> },
  options: { id?: string; sentAt?: Date; url?: string } = {},
): Request {
  const id = options.id ?? `msg_${randomUUID().replaceAll("-", "")}`;
  const sentAt = options.sentAt ?? new Date();
  const body = JSON.stringify({ type: event.type, created_at: sentAt.toISOString(), data: event.data });
  return new Request(options.url ?? "http://localhost:3000/api/resend/webhook", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "svix-id": id,
      "svix-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "svix-signature": new Webhook(secret).sign(id, sentAt, body),
    },
    body,
  });
}
