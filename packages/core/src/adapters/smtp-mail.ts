import nodemailer, { type Transporter } from "nodemailer";
import { type MailMessage, type MailPort, MailRecipientRefusedError, MailUnavailableError } from "../ports/mail";

/** nodemailer's codes for a server that cannot be reached or talked to (the message itself is fine). */
const UNREACHABLE = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "EAUTH", "ETLS", "EPROTOCOL", "ESTREAM"]);

interface SmtpFailure {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

export class SmtpMail implements MailPort {
  readonly kind = "smtp" as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Bounded waits: a claim's e-mail is sent under a lease (claims.service) that must outlast them.
    // Pooled: a mail reuses an open connection instead of paying a new TCP connection, the server's
    // greeting and EHLO each time. Servers delay their greeting to catch clients that talk too
    // soon (smtp-server by 100 ms, Postfix's postscreen by seconds), which made every sign-in code
    // wait that long. A connection that closes under a message is retried on a fresh one
    // (nodemailer's maxRequeues); an idle one is closed after socketTimeout.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 5,
      connectionTimeout: 10_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...message });
    } catch (error) {
      throw classify(error as SmtpFailure, message.to) ?? error;
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** A refused recipient (5xx on RCPT, or an address nodemailer will not put in an envelope), or an unreachable server. */
function classify(failure: SmtpFailure, to: string): Error | null {
  const code = failure.responseCode;
  if (failure.command === "RCPT TO" && code !== undefined && code >= 500) {
    return new MailRecipientRefusedError(to, failure.response ?? "");
  }
  if (failure.code === "EENVELOPE" && failure.command === "API") {
    return new MailRecipientRefusedError(to, failure.message ?? "invalid recipient");
  }
  if ((failure.code && UNREACHABLE.has(failure.code)) || (code !== undefined && code >= 400 && code < 500)) {
    return new MailUnavailableError(failure.response ?? failure.message ?? failure.code ?? "unknown");
  }
  return null;
}
