import { DELETION_LINK_TTL_HOURS } from "@bm/shared";
import type { MailMessage } from "../ports/mail";

const frame = (
  body: string,
) => `<!doctype html><html><body style="margin:0;background:#0b0709;color:#e8dcc4;font-family:Georgia,serif">
<div style="max-width:480px;margin:0 auto;padding:32px 24px;text-align:center">
<p style="letter-spacing:.3em;text-transform:uppercase;color:#b8964f;font-size:12px">The Black Market</p>
${body}
</div></body></html>`;

/** The link that confirms a deletion request: nothing is erased unless the address's owner follows it. */
export function confirmDeletionMail(to: string, link: string, days: number): MailMessage {
  const text = [
    "Someone asked the Black Market to erase the personal data of the account at this address.",
    "",
    "If it was you, confirm the request by opening this link:",
    "",
    link,
    "",
    `Once confirmed, your personal data is erased within ${days} days: your e-mail address, names,`,
    "uploads, confessions and the addresses you invited. Bids, orders and credit records stay, anonymised,",
    "because the House's books must stay true. Your remaining credits are lost with the account.",
    "",
    `The link works for ${DELETION_LINK_TTL_HOURS} hours. If you did not ask, ignore this message: nothing happens.`,
  ].join("\n");
  const html = frame(`<p>Someone asked the House to erase the personal data of the account at this address.</p>
<p>If it was you, confirm the request. Your personal data is then erased within ${days} days; bids, orders and credit
records stay, anonymised. Your remaining credits are lost with the account.</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="display:inline-block;border:1px solid #b8964f;color:#f3e6c8;padding:12px 24px;text-decoration:none;letter-spacing:.2em;text-transform:uppercase;font-size:13px">Confirm the erasure</a></p>
<p style="font-size:13px;color:#a89a80">The link works for ${DELETION_LINK_TTL_HOURS} hours. If you did not ask, ignore this message: nothing happens.</p>`);
  return { to, subject: "Confirm the erasure of your Black Market data", text, html };
}

/** Asked again after confirming: the request stands, and when it will be carried out. */
export function deletionPendingMail(to: string, processBy: string): MailMessage {
  const text = [
    "Your request to erase the personal data of your Black Market account is already confirmed.",
    "",
    `It will be carried out by ${processBy}. There is nothing more to do.`,
  ].join("\n");
  const html = frame(`<p>Your request to erase the personal data of your account is already confirmed.</p>
<p>It will be carried out by ${escapeHtml(processBy)}. There is nothing more to do.</p>`);
  return { to, subject: "Your Black Market data erasure is confirmed", text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
