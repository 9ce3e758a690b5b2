import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { CHALLENGE_CATALOGUE } from "../packages/core/src/seed/challenge-catalogue";
import { memberEmail, signedInContext } from "./support/members";
import { useProduct } from "./support/product";

const STAFF = "warden.e2e@e2e.example";

// DEMO places the calendar so that today's challenge is open and the earlier ones are closed.
const product = useProduct({ DEMO: "1", STAFF_EMAILS: STAFF });

interface Today {
  type: "puzzle" | "task";
  urlSlug: string;
  title: string;
  credits: number;
}

/** Today's challenge as the server shows it to a member (never its answer). */
async function todayOf(context: BrowserContext): Promise<Today> {
  const res = await context.request.get(`${product.baseUrl}/api/challenges/today`);
  expect(res.ok()).toBe(true);
  const day = (await res.json()) as { status: string; challenge: Today | null };
  expect(day.status).toBe("open");
  expect(day.challenge).not.toBeNull();
  return day.challenge as Today;
}

/** The seeded answer, read from the seed content on this side (no API ever tells it). */
function seededAnswer(slug: string): string {
  const seed = CHALLENGE_CATALOGUE.find((c) => c.urlSlug === slug);
  if (!seed) throw new Error(`no seed for ${slug}`);
  return seed.answer;
}

const headerCredits = (page: Page) => page.getByRole("button", { name: /^Bidding Power: \d+ MPC credits$/ });
async function creditsShown(page: Page): Promise<number> {
  const label = (await headerCredits(page).getAttribute("aria-label")) ?? "";
  return Number(/(\d+) MPC/.exec(label)?.[1]);
}

test("a member solves today's challenge: the credits arrive in the header without a reload, and no second try", async ({
  browser,
}) => {
  const context = await signedInContext(browser, product, memberEmail("solver"), {
    viewport: { width: 1280, height: 900 },
  });
  const today = await todayOf(context);
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/earn-credits`);
  await expect(page.getByRole("heading", { level: 1, name: "Harvest Credits" })).toBeVisible();
  await expect(page.getByRole("heading", { name: today.title })).toBeVisible();
  const word = today.type === "puzzle" ? "puzzle" : "trial";
  await expect(page.getByText(`* You have one attempt per ${word}`)).toBeVisible();
  await expect(headerCredits(page)).toBeVisible();
  const before = await creditsShown(page);

  // Loaded once: from here on, nothing reloads the page.
  let loads = 0;
  page.on("load", () => loads++);
  await page.getByLabel("Your answer").fill(`  ${seededAnswer(today.urlSlug)}  `);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Correct!", { exact: true })).toBeVisible();
  await expect(page.getByText(`You've earned ${today.credits} MPC credits!`)).toBeVisible();
  await expect(page.getByText("Completed! Credits awarded.")).toBeVisible();
  await expect(page.getByLabel("Your answer")).toHaveCount(0);
  await expect(headerCredits(page)).toHaveAttribute(
    "aria-label",
    `Bidding Power: ${before + today.credits} MPC credits`,
  );
  expect(loads).toBe(0);

  // The challenge's own page: the one attempt is spent, no form; the server refuses a second too.
  await page.goto(`${product.baseUrl}/${today.type === "puzzle" ? "puzzle" : "task"}/${today.urlSlug}`);
  await expect(page.getByRole("heading", { level: 1, name: today.title })).toBeVisible();
  await expect(page.getByText(`You've already used your one attempt for this ${word}.`)).toBeVisible();
  await expect(page.getByLabel("Your answer")).toHaveCount(0);
  const again = await context.request.post(
    `${product.baseUrl}/api/${today.type === "puzzle" ? "puzzles" : "trials"}/${today.urlSlug}/submit`,
    { data: { answer: seededAnswer(today.urlSlug) } },
  );
  expect(again.ok()).toBe(false);
  expect(await creditsShown(page)).toBe(before + today.credits);
  await context.close();
});

test("a wrong answer gets the wrong-answer toast, on the day's page and on the challenge's own page", async ({
  browser,
}) => {
  const first = await signedInContext(browser, product, memberEmail("wrong-home"), {
    viewport: { width: 390, height: 844 },
  });
  const today = await todayOf(first);
  const page = await first.newPage();
  await page.goto(`${product.baseUrl}/earn-credits`);
  await page.getByLabel("Your answer").fill("certainly not the answer");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Incorrect", { exact: true })).toBeVisible();
  await expect(page.getByText("Incorrect, no credits awarded.").first()).toBeVisible();
  await expect(page.getByLabel("Your answer")).toHaveCount(0);
  await first.close();

  const second = await signedInContext(browser, product, memberEmail("wrong-detail"), {
    viewport: { width: 1280, height: 900 },
  });
  const detail = await second.newPage();
  await detail.goto(`${product.baseUrl}/${today.type === "puzzle" ? "puzzle" : "task"}/${today.urlSlug}`);
  await detail.getByLabel("Your answer").fill("still not the answer");
  await detail.getByRole("button", { name: "Submit" }).click();
  const word = today.type === "puzzle" ? "puzzle" : "trial";
  await expect(detail.getByText("Incorrect Answer", { exact: true })).toBeVisible();
  await expect(detail.getByText(`Unfortunately, you only get one attempt per ${word}.`)).toBeVisible();
  await expect(detail).toHaveURL(new RegExp(`/${today.urlSlug}$`));
  await second.close();
});

test("staff pick any day of the calendar with the date picker; members have none", async ({ browser }) => {
  const context = await signedInContext(browser, product, STAFF, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${product.baseUrl}/earn-credits`);
  const picker = page.getByLabel("Staff · view any day");
  await expect(picker).toBeVisible();
  const today = await picker.inputValue();
  const first = await picker.getAttribute("min");
  const last = await picker.getAttribute("max");
  expect(first && last && first < last).toBe(true);

  // The first day of the calendar: its challenge, labelled 'Bonus'.
  await picker.fill(first as string);
  await expect(page).toHaveURL(new RegExp(`date=${first}`));
  await expect(page.getByText("Bonus").first()).toBeVisible();

  // The last day: 'THANK YOU', still locked before its unlock when it lies ahead.
  await picker.fill(last as string);
  await expect(page.getByText("THANK YOU").first()).toBeVisible();
  if ((last as string) > today) await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();

  await page.getByRole("button", { name: "Back to today" }).click();
  await expect(picker).toHaveValue(today);

  // An ordinary member sees no picker, and the server ignores a date in the address.
  const plain = await signedInContext(browser, product, memberEmail("plain"));
  const memberPage = await plain.newPage();
  await memberPage.goto(`${product.baseUrl}/earn-credits?date=${last}`);
  await expect(memberPage.getByRole("heading", { level: 1, name: "Harvest Credits" })).toBeVisible();
  await expect(memberPage.getByText("* You have one attempt per", { exact: false })).toBeVisible();
  await expect(memberPage.getByLabel("Staff · view any day")).toHaveCount(0);

  // The test page lists every puzzle and trial for staff; to a member it is the 4o4 page.
  await memberPage.goto(`${product.baseUrl}/testearnhome`);
  await expect(memberPage.getByRole("heading", { level: 1, name: "4o4" })).toBeVisible();
  await page.goto(`${product.baseUrl}/testearnhome`);
  await expect(page.getByRole("heading", { name: "Puzzles (13)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Trials (16)" })).toBeVisible();
  await plain.close();
  await context.close();
});

/**
 * Resolves once the page is in the `challenges` room: it asked to join (by WebSocket or long
 * polling), and the server acknowledged the join (the ack frame, or the day read again because
 * of it).
 */
function roomJoined(page: Page): Promise<void> {
  let asked = false;
  const acked = (payload: string | null | undefined) => asked && /43\d+\[\{"ok":true/.test(payload ?? "");
  return new Promise((resolve) => {
    const sawJoin = (payload: string | null | undefined) => {
      if (payload?.includes("challenges:watch")) asked = true;
    };
    page.on("request", (request) => {
      if (request.url().includes("/socket.io/")) sawJoin(request.postData());
    });
    page.on("websocket", (ws) => {
      ws.on("framesent", (frame) => sawJoin(String(frame.payload)));
      ws.on("framereceived", (frame) => {
        if (acked(String(frame.payload))) resolve();
      });
    });
    page.on("response", async (response) => {
      if (asked && response.url().endsWith("/api/challenges/today")) resolve();
      else if (asked && response.url().includes("/socket.io/") && acked(await response.text().catch(() => "")))
        resolve();
    });
  });
}

test("when the last winner slot is taken, a member watching the day sees it closed by others without a reload", async ({
  browser,
}) => {
  const watcher = await signedInContext(browser, product, memberEmail("watcher"), {
    viewport: { width: 1280, height: 900 },
  });
  const solver = await signedInContext(browser, product, memberEmail("last-winner"));
  const today = await todayOf(watcher);
  // One winner slot left on today's challenge, whoever has already won it.
  const table = today.type === "puzzle" ? "puzzle" : "trial";
  await product.sql(
    `UPDATE ${table}s SET max_winners = (SELECT count(*) FROM ${table}_completions c WHERE c.${table}_id = ${table}s.id) + 1 WHERE url_slug = $1`,
    [today.urlSlug],
  );

  const page = await watcher.newPage();
  const joined = roomJoined(page);
  await page.goto(`${product.baseUrl}/earn-credits`);
  await joined;
  await expect(page.getByLabel("Your answer")).toBeVisible();
  await expect(page.getByText("1 left")).toBeVisible();
  let loads = 0;
  page.on("load", () => loads++);

  const won = await solver.request.post(
    `${product.baseUrl}/api/${today.type === "puzzle" ? "puzzles" : "trials"}/${today.urlSlug}/submit`,
    { data: { answer: seededAnswer(today.urlSlug) } },
  );
  expect(((await won.json()) as { correct: boolean }).correct).toBe(true);

  await expect(page.getByText("Completed by others. Submission closed")).toBeVisible();
  await expect(page.getByLabel("Your answer")).toHaveCount(0);
  expect(loads).toBe(0);
  await watcher.close();
  await solver.close();
});
