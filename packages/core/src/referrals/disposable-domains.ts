import { createRequire } from "node:module";

// The maintained list of throwaway-mail domains (npm `disposable-email-domains`): exact domains,
// and domains whose every subdomain is throwaway too.
const require = createRequire(import.meta.url);
const EXACT = new Set<string>(require("disposable-email-domains") as string[]);
const WILDCARD = new Set<string>(require("disposable-email-domains/wildcard.json") as string[]);

/** Whether the address's domain (lower-case) is a disposable-mail domain. */
export function isDisposableAddress(email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (EXACT.has(domain)) return true;
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (WILDCARD.has(labels.slice(i).join("."))) return true;
  }
  return false;
}
