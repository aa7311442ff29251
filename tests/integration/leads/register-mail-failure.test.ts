import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/embedded-postgres";
import { jsonRequest } from "@/tests/support/http";
import { newVisitor } from "@/tests/support/visitor";
import { captureLog } from "@/tests/log-capture";

afterAll(() => {
  delete process.env.RESEND_API_KEY;
  delete process.env.RESEND_BASE_URL;
});

describe("POST /api/register when the e-mail provider fails", () => {
  it("still answers 200, records the failed attempt and leaves the message to the queue's retry", async () => {
    // Resend pointed at a port where nothing listens; Vitest isolates this file's environment.
    process.env.RESEND_API_KEY = "re_test_key";
    process.env.RESEND_BASE_URL = `http://127.0.0.1:${await freePort()}`;
    const logged = captureLog();
    const { POST: register } = await import("@/app/api/register/route");
    const { getDb } = await import("@/lib/platform/server/db");
    const { workOff } = await import("@/tests/support/jobs");
    const { QUEUES } = await import("@/lib/platform/shared/queues");
    const { getBoss } = await import("@/lib/platform/server/jobs/boss");

    const { contactId, email } = newVisitor();
    const response = await register(jsonRequest("/api/register", { contactId, name: "Ada", email }));
    expect(response.status).toBe(200);
    const prospect = await getDb().prospect.findUniqueOrThrow({ where: { email } });
    expect(await workOff(QUEUES.email)).toBeGreaterThanOrEqual(1);
    const row = await getDb().outgoingEmail.findFirstOrThrow({ where: { prospectId: prospect.id } });
    // Not terminal yet: the job waits for its next attempt (about 6 over 2 hours).
    expect(row).toMatchObject({ status: "QUEUED", attempts: 1 });
    expect(row.error).toBeTruthy();
    const retrying = await getBoss().getQueueSize(QUEUES.email, { before: "active" });
    expect(retrying).toBeGreaterThanOrEqual(1);
    expect(logged.lines("warn").some((line) => line.includes("[mail]"))).toBe(true);
    // The log names the message id, never the address.
    expect(logged.lines().some((line) => line.includes(email))).toBe(false);
    logged.restore();
  });
});
