import type { Page } from "@playwright/test";
import { expect, test } from "./test";
import { query, registerVisitor } from "./helpers/funnel";

// The team-training variant: the order box opens after 305 s of actual playback. Playback is
// synthetic (the video element's clock is stubbed and its media events dispatched), as five real
// minutes of video would be too slow for a browser test.

async function stubPlayback(page: Page) {
  await page.locator("video").evaluate((video: HTMLVideoElement) => {
    const w = window as unknown as { __t: number };
    w.__t = 0;
    Object.defineProperty(video, "currentTime", {
      configurable: true,
      get: () => w.__t,
      set: (v: number) => (w.__t = v),
    });
    Object.defineProperty(video, "paused", { configurable: true, get: () => false });
    video.dispatchEvent(new Event("play"));
  });
}

async function playUntil(page: Page, seconds: number) {
  await page.locator("video").evaluate((video: HTMLVideoElement, to: number) => {
    const w = window as unknown as { __t: number };
    while (w.__t + 0.25 <= to + 1e-9) {
      w.__t += 0.25;
      video.dispatchEvent(new Event("timeupdate"));
    }
  }, seconds);
}

async function seekTo(page: Page, seconds: number) {
  await page.locator("video").evaluate((video: HTMLVideoElement, to: number) => {
    const w = window as unknown as { __t: number };
    video.dispatchEvent(new Event("seeking"));
    w.__t = to;
    video.dispatchEvent(new Event("timeupdate"));
    video.dispatchEvent(new Event("seeked"));
  }, seconds);
}

test("the order box is hidden at 304 s of playback and shown at 305 s; Add to My Order takes the team size", async ({
  page,
}) => {
  const visitor = await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=team");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Turn your whole team into AI builders in 30 days");
  const orderBox = page.getByRole("heading", { name: "Enroll your team" });
  await stubPlayback(page);
  await playUntil(page, 304);
  await expect(orderBox).toHaveCount(0);
  await playUntil(page, 305);
  await expect(orderBox).toBeVisible();
  await expect(page.getByText("$500 per seat per month")).toBeVisible();
  await expect(page.getByRole("link", { name: "No thanks, continue to my book download" })).toHaveAttribute(
    "href",
    "/paid",
  );

  await page.getByRole("button", { name: "Add a seat" }).click();
  await page.getByRole("button", { name: "Add a seat" }).click();
  await expect(page.getByText("Total: $1,500 per month")).toBeVisible();
  await page.getByRole("button", { name: "Add to My Order" }).click();
  await expect(page).toHaveURL(/\/checkout-realtime-academy-metadata\?seats=3$/);

  const [session] = await query<{ offer_variant: string; countdown_started_at: Date | null }>(
    "SELECT offer_variant, countdown_started_at FROM funnel_sessions WHERE id = $1",
    [visitor.contactId],
  );
  expect(session).toEqual({ offer_variant: "team", countdown_started_at: null });
});

test("seeking forward does not unlock the order box; no hidden test-purchase area while disabled", async ({ page }) => {
  await registerVisitor(page);
  await page.goto("/oto-realtime-ai-academy?variant=team");
  await stubPlayback(page);
  await playUntil(page, 10);
  await seekTo(page, 300);
  await playUntil(page, 330);
  await expect(page.getByRole("heading", { name: "Enroll your team" })).toHaveCount(0);

  // ENABLE_TEST_PURCHASES is off in this server: the area is not rendered and clicks there do nothing.
  await expect(page.getByTestId("test-purchase-area")).toHaveCount(0);
  const viewport = page.viewportSize()!;
  for (let i = 0; i < 3; i++) await page.mouse.click(viewport.width - 5, viewport.height - 5);
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/oto-realtime-ai-academy\?variant=team$/);
});

test("the bundled sample video is served", async ({ request }) => {
  const response = await request.get("/media/sample-video.webm");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("video/webm");
});
