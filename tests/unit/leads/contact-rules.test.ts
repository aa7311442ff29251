import { describe, expect, it } from "vitest";
import { contactKey } from "@/lib/leads/shared/contact-rules";
import { contactEmailSchema, isValidEmail } from "@/lib/leads/shared/contact-schema";

// The forms create the payment only once the e-mail passes the server's rule, and send it again
// when the contact changes (review H2: the order e-mail froze at the first typed "@").

describe("checkout contact rules", () => {
  it.each(["a@b.co", " Ada.King@Example.com ", "x+tag@sub.example.org"])("accepts %j", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(["", "a", "a@", "a@b", "@b.co", "a b@c.co"])("does not create a payment for %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("uses the product's wording", () => {
    expect(contactEmailSchema.safeParse("a@").error?.issues[0]?.message).toBe("Please enter a valid email address.");
    expect(contactEmailSchema.safeParse(" ").error?.issues[0]?.message).toBe(
      "Please fill in both your name and email.",
    );
  });

  it("changes the request key when the e-mail or name changes, not for case or spaces", () => {
    const base = contactKey(1, "a@b.co", "Ada");
    expect(contactKey(1, " A@B.co ", "Ada ")).toBe(base);
    expect(contactKey(1, "ada@b.co", "Ada")).not.toBe(base);
    expect(contactKey(1, "a@b.co", "Ada King")).not.toBe(base);
    expect(contactKey(2, "a@b.co", "Ada")).not.toBe(base);
  });
});
