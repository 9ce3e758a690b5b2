/** The entry page's own check: non-empty and containing '@'. */
export function looksLikeEmail(input: string): boolean {
  const value = input.trim();
  return value.length > 0 && value.includes("@");
}

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}
