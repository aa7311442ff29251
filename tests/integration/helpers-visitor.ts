import { randomUUID } from "node:crypto";
import { POST as register } from "@/app/api/register/route";
import { peerHeader } from "@/tests/integration/peer";

// A registered visitor for route tests: registers through the real route and keeps its cookie.

let peer = 0;
export const nextPeer = () => `198.19.${Math.floor(++peer / 250)}.${peer % 250}`;

export function jsonRequest(
  path: string,
  body: unknown,
  options: { cookie?: string; peer?: string; headers?: Record<string, string> } = {},
): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...peerHeader(options.peer ?? nextPeer()),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: JSON.stringify(body),
  });
}

export async function registeredVisitor(
  name = "Grace Hopper",
): Promise<{ contactId: string; cookie: string; email: string }> {
  const contactId = randomUUID();
  const email = `v-${contactId}@example.com`;
  const response = await register(jsonRequest("/api/register", { contactId, name, email, utm_source: "newsletter" }));
  if (response.status !== 200) throw new Error(`register failed: ${response.status}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  return { contactId, cookie, email };
}

export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}
