import { AdminMessages } from "@bm/shared/admin";

/** The pictures the server stores (spec: an uploaded image read into a data URL). */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Why a chosen file cannot be the challenge's image, or null when it can. */
export function imageFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return AdminMessages.imageInvalid;
  if (file.size > IMAGE_MAX_BYTES) return AdminMessages.imageTooLarge;
  return null;
}

/** The file as a data URL (what the server takes and stores). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

/** Whether a stored media path is a video (the calendar's .mp4 entries). */
export function isVideo(url: string): boolean {
  return /\.(mp4|webm)(\?|$)/i.test(url);
}
