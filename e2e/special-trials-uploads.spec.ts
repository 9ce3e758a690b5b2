import { expect, type Page, test } from "@playwright/test";
import { pngBytes } from "../api/test/support/uploads";
import { CHALLENGE_CATALOGUE } from "../packages/core/src/seed/challenge-catalogue";
import { addDays } from "../packages/shared/src/rules/calendar";
import { currentChallengeDate, SPECIAL_TRIAL_SLUGS } from "../packages/shared/src/rules/challenges";
import baseConfig from "../playwright.config";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

// Chromium's fake microphone (a generated tone) and an automatic yes to its permission prompt.
test.use({
  launchOptions: {
    ...baseConfig.use?.launchOptions,
    args: [
      ...(baseConfig.use?.launchOptions?.args ?? []),
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      "--autoplay-policy=no-user-gesture-required",
    ],
  },
});

/**
 * The calendar ends 28 days before the auction's first day, and the entry at position p is dated
 * p days after its start. An auction start placed `28 - p` days after today's challenge date
 * makes the entry at p the one open now: the product's own configuration, no backdoor.
 */
function auctionStartOpening(position: number): string {
  return `${addDays(currentChallengeDate(new Date()), 28 - position)}T14:00:00Z`;
}
const positionOf = (slug: string) => CHALLENGE_CATALOGUE.find((c) => c.urlSlug === slug)?.position ?? 0;
const OATH_POSITION = positionOf(SPECIAL_TRIAL_SLUGS.oath);
const COVENANT_POSITION = positionOf(SPECIAL_TRIAL_SLUGS.covenant);

const toast = (page: Page, title: string) => page.getByText(title, { exact: true });

test.describe("the oath", () => {
  test.describe.configure({ mode: "serial" });
  const product = useProduct({ EVENT_AUCTION_START: auctionStartOpening(OATH_POSITION) });

  test("a member records, listens to, re-records and seals the oath; the credits arrive and the page moves on", async ({
    browser,
  }) => {
    const context = await signedInContext(browser, product, memberEmail("oathtaker"), {
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${product.baseUrl}/task/${SPECIAL_TRIAL_SLUGS.oath}`);
    await expect(page.getByRole("heading", { level: 1, name: "The Spoken Oath" })).toBeVisible();

    await page.getByRole("button", { name: "Begin recording your oath" }).click();
    const timer = page.getByTestId("oath-timer");
    await expect(timer).toHaveText("00:00");
    await expect(timer).toHaveText("00:01", { timeout: 5000 });
    await page.screenshot({ path: "test-results/screens/oath-recording-1366.png" });
    await page.getByRole("button", { name: "Stop recording" }).click();

    const dialog = page.getByRole("dialog", { name: "Seal your oath?" });
    await expect(dialog).toBeVisible();
    // Listen: the recording plays from its blob.
    const audio = dialog.getByLabel("Listen to your oath");
    await expect(audio).toHaveAttribute("src", /^blob:/);
    const played = await audio.evaluate(async (el: HTMLAudioElement) => {
      await el.play();
      // Until the playhead moves (the first timeupdate), not a fixed wait; 2 s at the most.
      await new Promise((r) => {
        el.addEventListener("timeupdate", r, { once: true });
        setTimeout(r, 2000);
      });
      const heard = el.currentTime > 0 || !el.paused;
      el.pause();
      return heard;
    });
    expect(played).toBe(true);
    await page.screenshot({ path: "test-results/screens/oath-dialog-1366.png" });

    // Cancel and record again.
    await dialog.getByRole("button", { name: "Cancel and record again" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Begin recording your oath" }).click();
    await expect(timer).toHaveText("00:01", { timeout: 5000 });
    await page.getByRole("button", { name: "Stop recording" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Seal the Oath" }).click();

    await expect(toast(page, "Oath Recorded")).toBeVisible();
    await expect(page.getByText("Your oath has been sealed. 7 MPC credits awarded.")).toBeVisible();
    await expect(page).toHaveURL(/\/earn-credits$/, { timeout: 5000 });
    const attempted = await context.request.get(`${product.baseUrl}/api/trials/${SPECIAL_TRIAL_SLUGS.oath}/attempted`);
    expect(await attempted.json()).toEqual({ attempted: true });
    const mpc = await context.request.get(`${product.baseUrl}/api/user/mpc`);
    expect(await mpc.json()).toMatchObject({ mpcBalance: "7.00" });
    await context.close();
  });

  test("a refused microphone says 'Microphone Error' and nothing is sent", async ({ browser }) => {
    const context = await signedInContext(browser, product, memberEmail("silent"), {
      viewport: { width: 390, height: 844 },
    });
    // The browser's own refusal (as when the member blocks the permission prompt).
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    const page = await context.newPage();
    await page.goto(`${product.baseUrl}/earn-credits`);
    await page.getByRole("button", { name: "Begin recording your oath" }).click();
    await expect(toast(page, "Microphone Error")).toBeVisible();
    await expect(page.getByText("Unable to access microphone. Please allow microphone permissions.")).toBeVisible();
    await page.screenshot({ path: "test-results/screens/oath-day-390.png", fullPage: true });
    const attempted = await context.request.get(`${product.baseUrl}/api/trials/${SPECIAL_TRIAL_SLUGS.oath}/attempted`);
    expect(await attempted.json()).toEqual({ attempted: false });
    await context.close();
  });
});

test.describe("the covenant", () => {
  test.describe.configure({ mode: "serial" });
  const product = useProduct({ EVENT_AUCTION_START: auctionStartOpening(COVENANT_POSITION) });

  test("a member meets every check, then seals the covenant with an uploaded signature; the next soul is turned away", async ({
    browser,
  }) => {
    const context = await signedInContext(browser, product, memberEmail("signer"), {
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(`${product.baseUrl}/task/${SPECIAL_TRIAL_SLUGS.covenant}`);
    await page.getByRole("link", { name: "Read and sign the covenant" }).click();
    await expect(page).toHaveURL(/\/contract\/covenant$/);
    await expect(page.getByRole("heading", { level: 1, name: "The Covenant of One" })).toBeVisible();
    await expect(
      page.getByText(/Contracts without a real name are void, and their credits are forfeited/),
    ).toBeVisible();

    const seal = page.getByRole("button", { name: "Seal the Contract" });
    await seal.click();
    await expect(toast(page, "Name Required")).toBeVisible();
    await expect(page.getByText("You must sign your name to seal the contract.").first()).toBeVisible();

    await page.getByLabel("Your full name, as your soul knows it").fill("Morgana Vale");
    await seal.click();
    await expect(toast(page, "Signature Required")).toBeVisible();

    const file = page.getByLabel("Your signature (PNG, JPG or JPEG image)");
    await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
    await expect(toast(page, "Invalid File")).toBeVisible();
    await expect(page.getByText("Please upload an image file for your signature.").first()).toBeVisible();

    await file.setInputFiles({ name: "signature.png", mimeType: "image/png", buffer: pngBytes(60, 20) });
    await expect(page.getByRole("img", { name: "Preview of your signature" })).toBeVisible();
    await seal.click();
    await expect(toast(page, "Incomplete")).toBeVisible();
    await expect(
      page.getByText("You must read and agree to all terms before sealing the contract.").first(),
    ).toBeVisible();

    await page.getByLabel("I have read every clause of this covenant.").check();
    await page.getByLabel("I agree to its terms and surrender my soul to the market.").check();
    await page.screenshot({ path: "test-results/screens/covenant-form-390.png", fullPage: true });
    await seal.click();
    const dialog = page.getByRole("dialog", { name: "Seal the covenant?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Seal my soul" }).click();
    await expect(toast(page, "Contract Sealed")).toBeVisible();
    await expect(page.getByText("Your soul has been claimed. 200 MPC credits awarded.")).toBeVisible();
    await expect(page).toHaveURL(/\/earn-credits$/, { timeout: 5000 });
    const mpc = await context.request.get(`${product.baseUrl}/api/user/mpc`);
    expect(await mpc.json()).toMatchObject({ mpcBalance: "200.00" });

    await page.goto(`${product.baseUrl}/contract/covenant`);
    await expect(page.getByText("Your covenant is already fulfilled.", { exact: false })).toBeVisible();
    await context.close();

    const late = await signedInContext(browser, product, memberEmail("latecomer"), {
      viewport: { width: 1366, height: 900 },
    });
    const latePage = await late.newPage();
    await latePage.goto(`${product.baseUrl}/contract/covenant`);
    await expect(
      latePage.getByText("This covenant has already been claimed by another soul. Only one exchange was permitted."),
    ).toBeVisible();
    await expect(latePage.getByRole("button", { name: "Seal the Contract" })).toHaveCount(0);
    await latePage.screenshot({ path: "test-results/screens/covenant-claimed-1366.png", fullPage: true });
    await late.close();
  });
});
