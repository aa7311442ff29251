import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "@/lib/operators/server/set-up-operator";
import { errorOf, jsonRequest } from "@/tests/support/http";

// On an https site the visitor's and the operator's cookies are __Host- prefixed (Secure, Path=/,
// no Domain), so a sibling subdomain cannot plant one; a planted unprefixed copy is ignored and a
// request carrying two copies is refused. Vitest isolates each file, so this one sets its own site.

const SITE = "https://funnel.example";
const PASSWORD = "correct horse battery staple";

beforeAll(() => {
  process.env.SITE_URL = SITE;
});

const pairOf = (setCookie: string) => setCookie.split(";")[0]!;

async function register(cookie?: string) {
  const { POST } = await import("@/app/api/register/route");
  return POST(
    jsonRequest(
      "/api/register",
      { contactId: randomUUID(), name: "Ada Lovelace", email: `ada-${randomUUID()}@example.com` },
      { site: SITE, headers: { origin: SITE, ...(cookie ? { cookie } : {}) } },
    ),
  );
}

function expectHostCookie(setCookie: string | undefined, name: string) {
  expect(setCookie?.startsWith(`${name}=`), setCookie).toBe(true);
  expect(setCookie).toMatch(/;\s*Secure/i);
  expect(setCookie).toMatch(/;\s*Path=\/(;|$)/i);
  expect(setCookie).not.toMatch(/Domain=/i);
}

describe("the visitor's cookie on an https site", () => {
  it("is __Host-ff_browser, and an unprefixed copy planted beside it identifies nobody", async () => {
    const first = await register();
    expect(first.status).toBe(200);
    const setCookie = first.headers.get("set-cookie") ?? undefined;
    expectHostCookie(setCookie, "__Host-ff_browser");

    const value = pairOf(setCookie!).slice("__Host-ff_browser=".length);
    // Signed by this site, but under the name a sibling subdomain can write: not believed.
    const planted = await register(`ff_browser=${value}`);
    expect(planted.headers.get("set-cookie")).toMatch(/^__Host-ff_browser=/);
    // The real one is.
    const known = await register(pairOf(setCookie!));
    expect(known.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a request carrying two copies", async () => {
    const a = pairOf((await register()).headers.get("set-cookie")!);
    const b = pairOf((await register()).headers.get("set-cookie")!);
    const answer = await register(`${a}; ${b}`);
    expect(answer.status).toBe(400);
    expect((await errorOf(answer)).code).toBe("invalid_request");
  });
});

describe("the operator's session cookie on an https site", () => {
  it("is __Host- prefixed, and two copies sign nobody in", async () => {
    const { POST: setupPost } = await import("@/app/api/admin/setup/route");
    const { GET: authGet, POST: authPost } = await import("@/app/api/auth/[...all]/route");
    const { operatorStanding } = await import("@/lib/operators/server/require-operator");
    const email = `op-${randomUUID()}@example.com`;
    const token = new URL((await createOperator({ email })).link).searchParams.get("token") ?? "";
    const post = (path: string, body: unknown) => jsonRequest(path, body, { site: SITE, headers: { origin: SITE } });
    expect((await setupPost(post("/api/admin/setup", { token, password: PASSWORD }))).status).toBe(200);
    const signIn = await authPost(post("/api/auth/sign-in/email", { email, password: PASSWORD }));
    expect(signIn.status).toBe(200);
    const session = signIn.headers.getSetCookie().find((line) => line.includes(".session_token="));
    expectHostCookie(session, "__Host-ff-admin.session_token");

    const cookie = pairOf(session!);
    // Signed in, not yet enrolled in a second factor: the session itself is what is checked here.
    expect(await operatorStanding(new Headers({ cookie }))).toMatchObject({ operator: { email } });
    const twice = `${cookie}; __Host-ff-admin.session_token=planted.value`;
    expect(await operatorStanding(new Headers({ cookie: twice }))).toBeNull();
    const getSession = await authGet(
      new Request(`${SITE}/api/auth/get-session`, { headers: { cookie: twice, origin: SITE } }),
    );
    expect(getSession.status).toBe(400);
  });
});
