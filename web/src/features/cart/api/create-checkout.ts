import { type CreateCartBody, merchandiseIdFor } from "@bm/shared";
import { useMutation } from "@tanstack/react-query";
import { ApiError, INVALID_RESPONSE_MESSAGE, send } from "../../../lib/api";
import { type CartLine, noteCheckoutOpened } from "../../../stores/cart-store";

export function createCartBody(lines: CartLine[]): CreateCartBody {
  return {
    lines: lines.map((line) => ({
      merchandiseId: merchandiseIdFor(line.product.shopifyVariantId),
      quantity: line.quantity,
    })),
  };
}

/**
 * Asks the server for a hosted-checkout cart and returns its URL. The answer must be JSON; a
 * non-OK answer fails with the server's message or 'Failed to create cart'; an answer without
 * `checkoutUrl` fails with 'No checkout URL returned'.
 */
export async function createCheckout(lines: CartLine[]): Promise<string> {
  const res = await send("POST", "/api/create-cart", createCartBody(lines));
  let data: unknown;
  try {
    data = JSON.parse(await res.text());
  } catch {
    throw new ApiError(res.status, INVALID_RESPONSE_MESSAGE);
  }
  const record = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  if (!res.ok) {
    const message = typeof record.message === "string" && record.message ? record.message : "Failed to create cart";
    throw new ApiError(res.status, message);
  }
  if (typeof record.checkoutUrl !== "string" || !record.checkoutUrl) {
    throw new ApiError(res.status, "No checkout URL returned");
  }
  return record.checkoutUrl;
}

/** The hosted checkout for the cart's lines; the lines it was made for are remembered until paid. */
export function useCreateCheckout() {
  return useMutation({
    mutationFn: (lines: CartLine[]) => createCheckout(lines),
    onSuccess: (url, lines) => noteCheckoutOpened(url, lines),
  });
}
