/** A challenge's media is an image or a short .mp4 video (spec section 3). */
export { isVideoUrl as isVideo } from "@bm/shared";

/** The last image or video of a challenge (its reveal): the last of `imageUrls`, else `imageUrl`. */
export function lastMedia(item: { imageUrl: string | null; imageUrls?: string[] | null }): string | null {
  const list = item.imageUrls ?? [];
  return list.length > 0 ? (list[list.length - 1] ?? null) : item.imageUrl;
}
