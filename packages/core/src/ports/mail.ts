export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailPort {
  readonly kind: "console" | "smtp";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
