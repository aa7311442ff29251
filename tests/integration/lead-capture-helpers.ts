import { randomUUID } from "node:crypto";
import { peerHeader } from "@/tests/integration/peer";

// Requests as the browser sends them to the lead-capture routes, each from its own address so
// per-client rate limits never interfere between tests.

let peer = 0;
export function nextPeer(): string {
  peer += 1;
  return `198.19.${Math.floor(peer / 250) % 250}.${(peer % 250) + 1}`;
}

export function jsonRequest(path: string, body: unknown, headers: Record<string, string> = {}, raw?: string): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...peerHeader(nextPeer()), ...headers },
    body: raw ?? JSON.stringify(body),
  });
}

/** The cookie pair to send back, from a response that minted one. */
export function cookieFrom(response: Response): string {
  return (response.headers.get("set-cookie") ?? "").split(";")[0]!;
}

export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

export function newVisitor(): { contactId: string; email: string } {
  const contactId = randomUUID();
  return { contactId, email: `visitor-${contactId}@example.com` };
}

export const OWNER_QUALIFYING = {
  readyToImplement: "This week.",
  hasBudget: "Yes",
  willSaveMoney: "Yes",
  industry: "Dental clinics",
  revenue: "$10 Million-$50 Million/year",
} as const;

export const NON_OWNER = {
  aiExperience: "I've tried ChatGPT or similar tools.",
  businessMotivation: "Being my own boss.",
  investmentPlan: "$5,000-$15,000",
  businessVision: "A bakery that uses AI for ordering",
} as const;

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
