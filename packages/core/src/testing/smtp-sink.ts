import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback that keeps what it receives, for tests. */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private readonly taken = new Set<ReceivedMail>();
  private readonly waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  private readonly refused = new Set<string>();
  private server: SMTPServer;
  port = 0;
  /** How many SMTP connections clients have opened to the sink. */
  connections = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onConnect: (_session, callback) => {
        this.connections += 1;
        callback();
      },
      onRcptTo: (address, _session, callback) => {
        if (!this.refused.has(address.address.toLowerCase())) return callback();
        // What a real server answers for a mailbox that does not exist: a permanent refusal.
        callback(Object.assign(new Error("5.1.1 Mailbox unavailable"), { responseCode: 550 }));
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed: ParsedMail) => {
            const to = [parsed.to ?? []].flat().flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
            const mail = {
              to,
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: String(parsed.html || ""),
            };
            this.messages.push(mail);
            const waiter = this.waiters.find((w) => w.match(mail));
            if (waiter) {
              this.waiters.splice(this.waiters.indexOf(waiter), 1);
              this.taken.add(mail);
              waiter.resolve(mail);
            }
            callback();
          })
          .catch(callback);
      },
    });
  }

  /** From now on, the sink refuses `address` at RCPT TO with 550, as a server refuses an unknown mailbox. */
  refuse(address: string): void {
    this.refused.add(address.toLowerCase());
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.server.address() as { port: number }).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The oldest mail to `address` not taken yet, waiting for it if none has arrived. */
  waitFor(address: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const target = address.toLowerCase();
    const arrived = this.messages.find((m) => !this.taken.has(m) && m.to.includes(target));
    if (arrived) {
      this.taken.add(arrived);
      return Promise.resolve(arrived);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match: (m) => m.to.includes(target),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function codeFrom(mail: { text: string }): string {
  const match = /code: (\d{6})/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}
