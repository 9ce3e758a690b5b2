import { REFERRAL_SIGNUP_CREDITS } from "@bm/shared";
import type { MailMessage } from "../ports/mail";

/** The invitation a member sends a friend: the House's summons, with the member's referral link. */
export function invitationMail(to: string, link: string): MailMessage {
  const text = [
    "A member of the Black Market has spoken your name.",
    "",
    "You are summoned to the House: its daily trials, its forbidden catalogue and the auction at its end.",
    `Enter through this link and ${REFERRAL_SIGNUP_CREDITS} MPC credits are yours on joining:`,
    "",
    link,
    "",
    "If you do not know why you received this, ignore it: nothing happens unless you enter.",
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#0b0709;color:#e8dcc4;font-family:Georgia,serif">
<div style="max-width:480px;margin:0 auto;padding:32px 24px;text-align:center">
<p style="letter-spacing:.3em;text-transform:uppercase;color:#b8964f;font-size:12px">The Black Market</p>
<p>A member of the House has spoken your name.</p>
<p>You are summoned to its trials, its forbidden catalogue and the auction at its end.
Enter, and ${REFERRAL_SIGNUP_CREDITS} MPC credits are yours on joining.</p>
<p style="margin:28px 0"><a href="${escapeHtml(link)}" style="display:inline-block;border:1px solid #b8964f;color:#f3e6c8;padding:12px 24px;text-decoration:none;letter-spacing:.2em;text-transform:uppercase;font-size:13px">Answer the summons</a></p>
<p style="font-size:13px;color:#a89a80">If you do not know why you received this, ignore it: nothing happens unless you enter.</p>
</div></body></html>`;
  return { to, subject: "You are summoned to the Black Market", text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
