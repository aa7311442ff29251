import { expect, test } from "./test";
import { OPT_IN, openOptIn } from "./helpers/opt-in";

// The opt-in form's validation: the submit button, both toasts, and closing the survey.

test("submit stays disabled while either field is blank; both toasts use the product's wording", async ({ page }) => {
  await openOptIn(page);
  const dialog = page.getByRole("dialog", { name: OPT_IN });
  const name = dialog.getByLabel("Your name");
  const email = dialog.getByLabel("Your email");
  const submit = dialog.getByRole("button", { name: "Send Me My Free Copy" });

  await expect(name).toHaveAttribute("required", "");
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("required", "");
  await expect(submit).toBeDisabled();
  await name.fill("Ada");
  await expect(submit).toBeDisabled();
  await email.fill("ada@example.com");
  await expect(submit).toBeEnabled();
  await name.fill("");
  await expect(submit).toBeDisabled();

  await name.fill("   ");
  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in both your name and email." })).toBeVisible();
  await expect(dialog).toBeVisible();

  await name.fill("Ada");
  await email.fill("ada.example.com");
  await submit.click();
  await expect(page.getByRole("alert").filter({ hasText: "Please enter a valid email address." })).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Quick Question" })).toHaveCount(0);
});

test("closing the survey closes the opt-in too, and the next click starts afresh", async ({ page }) => {
  await openOptIn(page);
  const dialog = page.getByRole("dialog", { name: OPT_IN });
  await dialog.getByLabel("Your name").fill("Ada");
  await dialog.getByLabel("Your email").fill("ada-close@example.com");
  await dialog.getByRole("button", { name: "Send Me My Free Copy" }).click();
  const survey = page.getByRole("dialog", { name: "Quick Question" });
  await expect(survey).toBeVisible();
  await survey.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.locator("[data-free-offer]:visible").first().click();
  await expect(page.getByRole("dialog", { name: OPT_IN })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Quick Question" })).toHaveCount(0);
});
