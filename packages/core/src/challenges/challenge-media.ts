import { resolve } from "node:path";

/**
 * The challenges' pictures and videos. They are not public files: a future challenge's picture
 * (or the multi-image step's last, unrevealed one) would give the challenge away, so the API
 * serves each only to a member who may see it now (`ChallengesService.mayOpenMedia`).
 */
export const CHALLENGE_MEDIA_PATH = "/api/challenges/media";

/** Where the artwork ships (made once by scripts/generate-challenge-art.mjs). */
export const CHALLENGE_ART_DIR = resolve(import.meta.dirname, "../../assets/challenge-art");

export const CHALLENGE_MEDIA_TYPES = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  mp4: "video/mp4",
  webm: "video/webm",
} as const;

/** A media file's name: lower-case words and dashes, a known extension (never a path). */
export const CHALLENGE_MEDIA_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpg|webp|mp4|webm)$/;

export const challengeMediaUrl = (name: string) => `${CHALLENGE_MEDIA_PATH}/${name}`;
