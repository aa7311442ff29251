import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/platform/server/db";
import { getConfig } from "@/lib/platform/server/config";
import { ApiError } from "@/lib/platform/shared/api-error";
import { editSequenceStep, setSequenceActive } from "@/lib/lifecycle/server/edit-sequence";
import { previewMarketingEmail, siteLinks } from "@/lib/lifecycle/server/render-marketing-email";

// An operator's edits are versioned and audited; what they write renders as Markdown inside the
// layout, with raw HTML and script links shown harmless and the legal footer always there.

const EDITOR = { operatorId: "operator-1", ip: "203.0.113.9" };

describe("editing a sequence", () => {
  it("raises the version and audits the step before and after", async () => {
    const db = getDb();
    const step = await db.sequenceStep.findFirstOrThrow({
      where: { sequence: { key: "free-reader" }, position: 1 },
      include: { sequence: true },
    });
    const input = {
      delayHours: 48,
      condition: { track: "NON_OWNER" },
      subject: "Rank first, {{first_name|friend}}",
      preheader: "",
      body: "Hi {{first_name|there}},\n\n<script>alert(1)</script> [click](javascript:alert(1)) [book]({{book_url}})",
    };
    const version = await editSequenceStep(step.id, input, EDITOR);
    expect(version).toBe(step.sequence.version + 1);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "sequence.step.update", targetId: step.sequenceId },
    });
    expect(audit).toMatchObject({ operatorId: "operator-1", ip: "203.0.113.9" });
    expect(audit.details).toMatchObject({ version, position: 1, before: { subject: step.subject }, after: input });

    await expect(editSequenceStep(step.id, { ...input, body: "Hi {{nickname}}" }, EDITOR)).rejects.toThrow(ApiError);
    await expect(editSequenceStep(step.id, { ...input, condition: { country: "US" } }, EDITOR)).rejects.toThrow(
      ApiError,
    );
    expect(await setSequenceActive(step.sequenceId, false, EDITOR)).toBe(version + 1);
    expect(await setSequenceActive(step.sequenceId, false, EDITOR)).toBe(version + 1);
    expect(await db.auditLog.count({ where: { action: "sequence.pause", targetId: step.sequenceId } })).toBe(1);

    const config = getConfig();
    const mail = await previewMarketingEmail(
      { subject: input.subject, preheader: input.preheader, markdown: input.body },
      { first_name: "<b>Bo</b>", last_name: "", full_name: "", ...siteLinks() },
      "bo@example.com",
    );
    expect(mail.subject).toBe("Rank first, <b>Bo</b>");
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<b>Bo");
    expect(mail.html).not.toContain("javascript:");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain(`href="${config.SITE_URL}/free-download"`);
    expect(mail.html).toContain(config.PROVIDER_ADDRESS);
    expect(mail.html).toMatch(/\/unsubscribe\?token=/);
    expect(mail.text).toContain("Hi <b>Bo</b>,");
    expect(mail.text).toMatch(/Unsubscribe: http/);
  });
});
