/**
 * The server's e-mail check, in a module of its own: the schemas call it, and the entry page's
 * small rules (`email.ts`) would otherwise be chunked with them, and the zod they load.
 *
 * One address local@domain.tld, at most 254 characters, the local part without spaces or '@', the domain made of DNS labels (letters, digits, hyphens) ending in a
 * real-looking top-level label: no IP literals (`a@[127.0.0.1].x`), nothing a mail server must refuse.
 * The reserved `.invalid` top-level domain (RFC 2606) is refused: an erased member's placeholder
 * address lives there, so nobody can ask for a code to it or sign in as it.
 */
const LOCAL = /^[^\s@"()<>,;:\\[\]]{1,64}$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const RESERVED_INVALID_TLD = "invalid";

export function isDeliverableAddress(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at <= 0 || email.indexOf("@") !== at) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  if (!LOCAL.test(local) || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false;
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  const top = labels.at(-1) ?? "";
  return TOP_LABEL.test(top) && top !== RESERVED_INVALID_TLD;
}
