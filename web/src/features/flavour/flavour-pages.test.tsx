import { cleanup, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { DoorWordPage } from "./components/door-word-page";
import { VoidPage } from "./components/void-page";

function renderAt(element: React.ReactNode) {
  render(<RouterProvider router={createMemoryRouter([{ path: "/", element }], { initialEntries: ["/"] })} />);
}

afterEach(cleanup);

describe("the flavour pages", () => {
  it("the void shows its poem, then three doors to knowledge, power and truth, each named by its name", () => {
    renderAt(<VoidPage />);
    expect(screen.getByRole("heading", { level: 1, name: "The Void" })).toBeTruthy();
    expect(screen.getByText("Beneath the House, where no lamp is lit,")).toBeTruthy();
    const doors = within(screen.getByRole("navigation", { name: "Three doors" })).getAllByRole("link");
    expect(doors).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Knowledge" }).getAttribute("href")).toBe("/knowledge");
    expect(screen.getByRole("link", { name: "Power" }).getAttribute("href")).toBe("/power");
    expect(screen.getByRole("link", { name: "Truth" }).getAttribute("href")).toBe("/truth");
  });

  it.each([
    ["knowledge", "Shadow"],
    ["power", "Realm"],
    ["truth", "Bearer"],
  ] as const)("/%s shows '%s' with its quote, and the way back to the void", (door, word) => {
    renderAt(<DoorWordPage door={door} />);
    expect(screen.getByRole("heading", { level: 1, name: word })).toBeTruthy();
    expect(screen.getByRole("blockquote").textContent?.length).toBeGreaterThan(20);
    expect(screen.getByRole("link", { name: "The Void" }).getAttribute("href")).toBe("/void");
    expect(within(screen.getByRole("navigation", { name: "The other doors" })).getAllByRole("link")).toHaveLength(2);
  });
});
