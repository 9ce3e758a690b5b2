import { afterEach, describe, expect, it, vi } from "vitest";
import type { CartLine } from "../../../stores/cart-store";
import { createCartBody, createCheckout } from "./create-checkout";

const lines: CartLine[] = [
  { product: { id: 1, title: "Black Candle", price: "12.50", shopifyVariantId: "4411" }, quantity: 2 },
  {
    product: { id: 2, title: "Skull", price: "40.00", shopifyVariantId: "gid://shopify/ProductVariant/4412" },
    quantity: 1,
  },
];

function respond(body: string, status = 200) {
  const fetchMock = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("checkout hand-off", () => {
  it("sends each line as the shop's global variant id with its quantity", async () => {
    const fetchMock = respond(JSON.stringify({ checkoutUrl: "https://shop.example/checkout/abc" }));
    await expect(createCheckout(lines)).resolves.toBe("https://shop.example/checkout/abc");
    const init = (fetchMock.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual(createCartBody(lines));
    expect(createCartBody(lines).lines).toEqual([
      { merchandiseId: "gid://shopify/ProductVariant/4411", quantity: 2 },
      { merchandiseId: "gid://shopify/ProductVariant/4412", quantity: 1 },
    ]);
  });

  it("refuses an answer that is not JSON", async () => {
    respond("<html>oops</html>");
    await expect(createCheckout(lines)).rejects.toThrow("Server returned an invalid response. Please try again.");
  });

  it("fails with the server's message, or 'Failed to create cart'", async () => {
    respond(JSON.stringify({ message: "Variant sold out" }), 409);
    await expect(createCheckout(lines)).rejects.toThrow("Variant sold out");
    respond(JSON.stringify({}), 500);
    await expect(createCheckout(lines)).rejects.toThrow("Failed to create cart");
  });

  it("fails with 'No checkout URL returned' when the answer has none", async () => {
    respond(JSON.stringify({ message: "ok" }));
    await expect(createCheckout(lines)).rejects.toThrow("No checkout URL returned");
  });
});
