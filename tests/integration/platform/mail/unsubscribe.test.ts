import { spawnSync } from "node:child_process";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { intoOneWindow } from "../../../support/wait";
import { QUEUES } from "@/lib/platform/shared/queues";
import { nextPeer, peerHeader } from "@/tests/support/http";
import { workOff } from "@/tests/support/jobs";
import { answerRoute } from "../../../support/route";

// Unsubscribe: marketing mail carries the link and the RFC 8058 headers,
// transactional mail none; a one-click POST (cross-site, cookieless, urlencoded or multipart)
// puts the address on the suppression list; the next marketing message to it ends SUPPRESSED
// and never reaches Resend, while transactional mail still goes out.

// A stand-in for Resend's HTTP API (POST /emails), reached through the SDK's baseUrl option.
const received: Record<string, unknown>[] = [];
const resend = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    received.push(JSON.parse(raw) as Record<string, unknown>);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ id: `re_${received.length}` }));
  });
});

const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const marketing = (to: string) => ({
  template: "newsletter-test",
  to,
  subject: "This week",
  html: "<html><body><p>News</p></body></html>",
  text: "News",
});
const transactional = (to: string) => ({ template: "welcome", to, subject: "Hi", html: "<p>Hi</p>", text: "Hi" });

async function load(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const { getDb } = await import("@/lib/platform/server/db");
  return {
    ...(await import("@/lib/platform/server/mail/mailer")),
    ...(await import("@/lib/platform/server/mail/unsubscribe-token")),
    ...(await import("@/lib/platform/server/mail/unsubscribe-view")),
    ...(await import("@/lib/platform/server/mail/suppression-list")),
    ...(await import("@/lib/platform/server/mail/unsubscribe-keys")),
    route: await import("@/app/api/unsubscribe/route"),
    db: getDb(),
  };
}

type Loaded = Awaited<ReturnType<typeof load>>;
let m: Loaded;

beforeAll(async () => {
  await new Promise<void>((resolve) => resend.listen(0, "127.0.0.1", resolve));
  m = await load({
    RESEND_API_KEY: "re_test_key",
    RESEND_BASE_URL: `http://127.0.0.1:${(resend.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  delete process.env.RESEND_API_KEY;
  delete process.env.RESEND_BASE_URL;
  await new Promise<void>((resolve) => resend.close(() => resolve()));
});

/** The one-click POST a mail provider sends: to the List-Unsubscribe URL, from its own servers. */
function onClick(
  token: string | null,
  body: BodyInit | null = "List-Unsubscribe=One-Click",
  headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" },
  peer = nextPeer(),
): Request {
  const query = token === null ? "" : `?token=${encodeURIComponent(token)}`;
  return new Request(`http://localhost:3000/api/unsubscribe${query}`, {
    method: "POST",
    headers: { ...peerHeader(peer), ...headers },
    body,
  });
}

const tokenFrom = (headers: unknown) =>
  decodeURIComponent(/\/unsubscribe\?token=([^>]+)>/.exec(JSON.stringify(headers))?.[1] ?? "");

describe("marketing and transactional mail", () => {
  it("gives marketing mail the footer and List-Unsubscribe headers, transactional mail neither", async () => {
    const to = `ada-${uniq()}@example.com`;
    const id = await m.enqueueEmail(marketing(to));
    const row = await m.db.outgoingEmail.findUniqueOrThrow({ where: { id } });
    const headers = m.storedHeaders(row.headers);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe\?token=[\w.-]+>, <mailto:support@fastforward\.example\?subject=unsubscribe>$/,
    );
    const url = /<(http[^>]+)>/.exec(headers["List-Unsubscribe"]!)?.[1] ?? "";
    // The same link, visible at the bottom of both parts, with the sender's postal address.
    expect(row.html).toMatch(
      /<p>News<\/p><div[^>]*>.*Fast Forward Media LLC, 1209 Orange Street.*Unsubscribe<\/a>.*<\/div><\/body><\/html>$/,
    );
    expect(row.html).toContain(`href="${url}"`);
    expect(row.text).toMatch(
      /^News\n\n--\nFast Forward Media LLC, 1209 Orange Street.*\nUnsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=/,
    );
    expect(row.text.trimEnd().endsWith(url)).toBe(true);
    // The link also names the e-mail it came in, for the e-mail report's unsubscribe count.
    expect(await m.verifyUnsubscribeToken(tokenFrom(headers))).toEqual({
      valid: true,
      addressHash: m.addressHash(to),
      emailId: id,
    });

    const plain = await m.db.outgoingEmail.findUniqueOrThrow({
      where: { id: await m.enqueueEmail(transactional(to)) },
    });
    expect(plain).toMatchObject({ html: "<p>Hi</p>", text: "Hi", headers: {} });

    // Resend gets the headers with the marketing message and none with the transactional one.
    const before = received.length;
    expect(await workOff(QUEUES.email)).toBeGreaterThanOrEqual(2);
    const sent = received.slice(before).filter((body) => body.to === to);
    expect(sent.map((body) => body.subject).sort()).toEqual(["Hi", "This week"]);
    expect(sent.find((body) => body.subject === "This week")?.headers).toEqual(headers);
    expect(sent.find((body) => body.subject === "Hi")).not.toHaveProperty("headers");
  });
});

describe("one-click unsubscribe", () => {
  it("suppresses the address for marketing mail only, from a cross-site cookieless POST, idempotently", async () => {
    const to = `grace-${uniq()}@example.com`;
    const token = await m.signUnsubscribeToken(to);
    expect(await m.unsubscribeView(token)).toEqual({ state: "confirm", token });

    const crossSite = {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://mail.google.com",
      "sec-fetch-site": "cross-site",
    };
    const response = await m.route.POST(onClick(token, "List-Unsubscribe=One-Click", crossSite));
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toMatch(/unsubscribed/);
    expect(await m.isSuppressed(` ${to.toUpperCase()} `)).toBe(true);
    expect(await m.unsubscribeView(token)).toEqual({ state: "unsubscribed", token });

    // Again, and through the page's button: still one entry, with the first reason.
    expect((await m.route.POST(onClick(token))).status).toBe(200);
    const again = await m.route.POST(onClick(token, "List-Unsubscribe=One-Click&via=page"));
    expect(again.status).toBe(303);
    const entries = await m.db.emailSuppression.findMany({ where: { addressHash: m.addressHash(to) } });
    expect(entries).toEqual([expect.objectContaining({ reason: "ONE_CLICK" })]);
    // The list holds no address.
    expect(JSON.stringify(entries)).not.toContain("grace");

    // Marketing to any spelling of the address is held back; transactional mail still goes out.
    const before = received.length;
    const held = await m.enqueueEmail(marketing(to.toUpperCase()));
    const receipt = await m.enqueueEmail(transactional(to));
    await workOff(QUEUES.email);
    expect(await m.db.outgoingEmail.findUniqueOrThrow({ where: { id: held } })).toMatchObject({
      status: "SUPPRESSED",
      providerId: null,
      attempts: 0,
    });
    expect(await m.db.outgoingEmail.findUniqueOrThrow({ where: { id: receipt } })).toMatchObject({ status: "SENT" });
    expect(received.slice(before).map((body) => body.subject)).toEqual(["Hi"]);
    // A suppressed row stays settled if its job runs again.
    const { deliverEmail } = await import("@/lib/platform/server/mail/deliver-email");
    await deliverEmail(held);
    expect((await m.db.outgoingEmail.findUniqueOrThrow({ where: { id: held } })).status).toBe("SUPPRESSED");
  });

  it("an entry stored under the pre-HKDF hash still holds marketing mail back, and a link sent before still works", async () => {
    const { legacyDerivedKey } = await import("@/lib/platform/server/security/derived-key");
    const { SignJWT } = await import("jose");
    const to = `legacy-${uniq()}@example.com`;
    const legacyHash = m.addressHash(to, legacyDerivedKey("suppression-hash"));
    expect(legacyHash).not.toBe(m.addressHash(to));
    await m.db.emailSuppression.create({ data: { addressHash: legacyHash, reason: "ONE_CLICK" } });

    expect(await m.isSuppressed(to.toUpperCase())).toBe(true);
    expect(await m.suppressAddress(to, "MANUAL")).toBe(false);
    // Copied under the current hash on the match, with the first reason.
    const rows = await m.db.emailSuppression.findMany({ where: { addressHash: { in: m.addressHashes(to) } } });
    expect(rows.map((row) => [row.addressHash === legacyHash, row.reason]).sort()).toEqual([
      [false, "ONE_CLICK"],
      [true, "ONE_CLICK"],
    ]);
    const held = await m.enqueueEmail(marketing(to));
    await workOff(QUEUES.email);
    expect((await m.db.outgoingEmail.findUniqueOrThrow({ where: { id: held } })).status).toBe("SUPPRESSED");

    // A link mailed before the move names the old hash and is signed with the old key.
    const other = `legacy-link-${uniq()}@example.com`;
    const sentBefore = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setAudience(m.UNSUBSCRIBE_AUDIENCE)
      .setSubject(m.addressHash(other, legacyDerivedKey("suppression-hash")))
      .setIssuedAt()
      .setExpirationTime("30d")
      .sign(new TextEncoder().encode(legacyDerivedKey("unsubscribe-token")));
    expect((await m.route.POST(onClick(sentBefore))).status).toBe(200);
    expect(await m.isSuppressed(other)).toBe(true);
  });

  it("takes the RFC 8058 body as multipart/form-data too, and the page's button with a 303 back", async () => {
    const multipartTo = `mp-${uniq()}@example.com`;
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const multipart = await m.route.POST(onClick(await m.signUnsubscribeToken(multipartTo), form, {}));
    expect(multipart.status).toBe(200);
    expect(await m.isSuppressed(multipartTo)).toBe(true);

    const pageTo = `page-${uniq()}@example.com`;
    const token = await m.signUnsubscribeToken(pageTo);
    const fromPage = await m.route.POST(onClick(token, "List-Unsubscribe=One-Click&via=page"));
    expect(fromPage.status).toBe(303);
    expect(fromPage.headers.get("location")).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    const [entry] = await m.db.emailSuppression.findMany({ where: { addressHash: m.addressHash(pageTo) } });
    expect(entry?.reason).toBe("UNSUBSCRIBE_LINK");
  });

  it("refuses bad, tampered and expired tokens and wrong bodies with 4xx, never 500", async () => {
    const to = `bad-${uniq()}@example.com`;
    const expired = await m.signUnsubscribeToken(to, new Date(Date.now() - 61 * 24 * 60 * 60 * 1000));
    const good = await m.signUnsubscribeToken(to);
    const tampered = `${good.slice(0, -4)}${good.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    for (const token of [expired, tampered, "garbage", "", null, "a.b.c", "x".repeat(3000)]) {
      const response = await m.route.POST(onClick(token));
      expect(response.status, String(token).slice(0, 20)).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "unsubscribe_link_invalid" } });
    }
    // The page's button with a bad link goes back to the page, which explains.
    expect((await m.route.POST(onClick(expired, "List-Unsubscribe=One-Click&via=page"))).status).toBe(303);
    expect(await m.unsubscribeView(expired)).toEqual({ state: "expired" });
    for (const garbage of [tampered, "garbage", "", undefined, "\u0000", "x".repeat(3000)]) {
      expect(await m.unsubscribeView(garbage)).toEqual({ state: "invalid" });
    }

    const cases: [BodyInit | null, Record<string, string>, number][] = [
      ["List-Unsubscribe=Two-Clicks", { "content-type": "application/x-www-form-urlencoded" }, 400],
      ["", { "content-type": "application/x-www-form-urlencoded" }, 400],
      [null, { "content-type": "application/x-www-form-urlencoded" }, 400],
      ["--x\r\nbroken", { "content-type": "multipart/form-data; boundary=x" }, 400],
      ['{"List-Unsubscribe":"One-Click"}', { "content-type": "application/json" }, 415],
      ["List-Unsubscribe=One-Click", {}, 415],
      [
        `List-Unsubscribe=One-Click&pad=${"x".repeat(10_000)}`,
        { "content-type": "application/x-www-form-urlencoded" },
        413,
      ],
    ];
    for (const [body, headers, status] of cases) {
      const response = await m.route.POST(onClick(good, body, headers));
      expect(response.status, JSON.stringify(body)?.slice(0, 40)).toBe(status);
      expect(await response.json()).toHaveProperty("error.code");
    }
    expect(await m.isSuppressed(to)).toBe(false);
    // GET on the API route itself is a 405 with Allow; the page lives at /unsubscribe.
    const get = await answerRoute(m.route, new Request("http://localhost:3000/api/unsubscribe"));
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("OPTIONS, POST");
  });

  it("limits one client address modestly", async () => {
    const peer = "198.51.100.77";
    await intoOneWindow(20_000);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1)
      statuses.push((await m.route.POST(onClick("garbage", undefined, undefined, peer))).status);
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    const limited = await m.route.POST(onClick("garbage", undefined, undefined, peer));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Up to 20 s waiting for a fresh window, then the 62 requests.
  }, 60_000);
});

describe("npm run suppress", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/ops/suppress.ts", ...args], {
      cwd: path.resolve(import.meta.dirname, "../../../.."),
      env: { ...process.env, RESEND_API_KEY: "" },
      encoding: "utf8",
      timeout: 60_000,
    });

  it("adds addresses by hand with reason MANUAL, printing counts but no address", async () => {
    const to = `manual-${uniq()}@example.com`;
    const first = run(` ${to.toUpperCase()} `);
    expect(first.stderr).toBe("");
    expect(first.stdout.trim()).toBe("1 address(es) added to the suppression list, 0 already on it.");
    expect(first.status).toBe(0);
    const [entry] = await m.db.emailSuppression.findMany({ where: { addressHash: m.addressHash(to) } });
    expect(entry?.reason).toBe("MANUAL");
    expect(run(to).stdout.trim()).toBe("0 address(es) added to the suppression list, 1 already on it.");

    const bad = run("not-an-address");
    expect(bad.status).toBe(2);
    expect(bad.stderr).not.toContain("not-an-address");
  }, 120_000);
});
