/** Lowercased, runs of non-alphanumerics become one hyphen, leading and trailing hyphens removed. */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
