// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { releaseFirstScreen } from "./first-screen";

function page(): HTMLElement {
  document.body.innerHTML = `<div id="first-screen" aria-hidden="true"><img src="/art/lots/key.svg" alt=""></div><div id="root"></div>`;
  const root = document.getElementById("root");
  if (!root) throw new Error("no root");
  return root;
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe("the server's first screen", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stays over the app's loading states and goes as soon as a page's <main> is in the root", async () => {
    const root = page();
    expect(releaseFirstScreen(root)).toBe(true);
    root.innerHTML = `<div role="status">Awakening the shadows...</div>`;
    await flush();
    expect(document.getElementById("first-screen")).not.toBeNull();
    root.innerHTML = `<header></header><div><main><h1>Vial of Midnight Ink</h1></main></div>`;
    await flush();
    await nextFrame();
    await flush();
    expect(document.getElementById("first-screen")).toBeNull();
  });

  it("waits for its own picture to be drawn before it goes (one second at most)", async () => {
    const root = page();
    let decoded: () => void = () => {};
    const img = document.querySelector("#first-screen img") as HTMLImageElement;
    img.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    releaseFirstScreen(root);
    root.innerHTML = `<main><h1>Vial of Midnight Ink</h1></main>`;
    await flush();
    await nextFrame();
    expect(document.getElementById("first-screen")).not.toBeNull();
    decoded();
    await flush();
    await nextFrame();
    await flush();
    expect(document.getElementById("first-screen")).toBeNull();
  });

  it("goes after ten seconds whatever happens, so it can never hide the app", () => {
    vi.useFakeTimers();
    const root = page();
    releaseFirstScreen(root);
    vi.advanceTimersByTime(9_999);
    expect(document.getElementById("first-screen")).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById("first-screen")).toBeNull();
  });

  it("does nothing on a page the server painted nothing for", () => {
    document.body.innerHTML = `<div id="root"></div>`;
    const root = document.getElementById("root") as HTMLElement;
    expect(releaseFirstScreen(root)).toBe(false);
  });
});
