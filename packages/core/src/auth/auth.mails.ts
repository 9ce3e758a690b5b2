import { CODE_TTL_MINUTES } from "@bm/shared";
import type { MailMessage } from "../ports/mail";

export function signInCodeMail(to: string, code: string, publicUrl: string): MailMessage {
  const text = [
    "Your passage into the Black Market awaits.",
    "",
    `Your verification code: ${code}`,
    "",
    `It expires in ${CODE_TTL_MINUTES} minutes and can be used once.`,
    `Enter it at ${publicUrl}/enter`,
    "",
    "If you did not ask for this code, ignore this message: nobody can enter without it.",
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;background:#0b0709;color:#e8dcc4;font-family:Georgia,serif">
<div style="max-width:480px;margin:0 auto;padding:32px 24px;text-align:center">
<p style="letter-spacing:.3em;text-transform:uppercase;color:#b8964f;font-size:12px">The Black Market</p>
<p>Your passage awaits. Speak this code at the gate:</p>
<p style="font-size:34px;letter-spacing:.4em;color:#f3e6c8;border:1px solid #5a4420;padding:16px 8px;margin:24px 0">${code}</p>
<p style="font-size:13px;color:#a89a80">It expires in ${CODE_TTL_MINUTES} minutes and can be used once.<br>If you did not ask for it, ignore this message.</p>
</div></body></html>`;
  return { to, subject: `Your Black Market code: ${code}`, text, html };
}
