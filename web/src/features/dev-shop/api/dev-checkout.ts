import { type DevCheckoutAnswer, devCheckoutAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

export function getDevCheckout(id: string): Promise<DevCheckoutAnswer> {
  return api.get(`/api/dev-shop/checkouts/${encodeURIComponent(id)}`, devCheckoutAnswer);
}

export function payDevCheckout(id: string): Promise<DevCheckoutAnswer> {
  return api.post(`/api/dev-shop/checkouts/${encodeURIComponent(id)}/pay`, {}, devCheckoutAnswer);
}
