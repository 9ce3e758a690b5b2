export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailPort {
  readonly kind: "console" | "smtp";
  /**
   * Sends the message. Throws `MailRecipientRefusedError` when the mail server refuses the
   * recipient for good, `MailUnavailableError` when it cannot take the message now.
   */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** The mail server refused the recipient for good (SMTP 5xx on RCPT): retrying cannot help. */
export class MailRecipientRefusedError extends Error {
  constructor(
    readonly recipient: string,
    readonly reply: string,
  ) {
    super(`the mail server refused ${recipient}: ${reply}`);
  }
}

/** The mail server could not be reached or refused the message for now (connection, 4xx). */
export class MailUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`mail unavailable: ${reason}`);
  }
}
