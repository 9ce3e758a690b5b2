import type { MailMessage, MailPort } from "../ports/mail";

/** The embedded runtime's mail: printed to the console, the last messages kept in a dev outbox. */
export class ConsoleMail implements MailPort {
  readonly kind = "console" as const;
  readonly outbox: (MailMessage & { sentAt: Date })[] = [];

  constructor(private readonly print: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {}

  async send(message: MailMessage): Promise<void> {
    this.outbox.push({ ...message, sentAt: new Date() });
    if (this.outbox.length > 100) this.outbox.shift();
    const rule = "─".repeat(60);
    this.print(`\n${rule}\n✉  mail to ${message.to}\n   ${message.subject}\n\n${message.text}\n${rule}`);
  }

  async close(): Promise<void> {}
}
