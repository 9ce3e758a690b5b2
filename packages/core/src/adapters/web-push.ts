import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import webpush from "web-push";
import type { Logger } from "../logger";
import { noPush, type PushOutcome, type PushPort, type PushTarget } from "../ports/push";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Web Push by the `web-push` library: each message encrypted for the device and signed with VAPID. */
export class WebPushSender implements PushPort {
  readonly publicKey: string;

  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly log: Logger,
  ) {
    this.publicKey = keys.publicKey;
  }

  async send(target: PushTarget, payload: string, options: { ttlSeconds?: number; topic?: string } = {}) {
    try {
      // web-push encrypts for the device (RFC 8291) and signs with VAPID (RFC 8292); the message
      // goes by fetch, so a push service is reached over https, or over http on loopback (tests).
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
          TTL: options.ttlSeconds ?? 3600,
          ...(options.topic ? { topic: options.topic } : {}),
          urgency: "high",
        },
      );
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      await answer.arrayBuffer().catch(() => undefined);
      // The push service says the subscription is gone (expired, or the member revoked it).
      if (answer.status === 404 || answer.status === 410) return "gone" satisfies PushOutcome;
      if (answer.status >= 200 && answer.status < 300) return "sent" satisfies PushOutcome;
      this.log.warn({ status: answer.status }, "push: the push service refused a message");
      return "failed" satisfies PushOutcome;
    } catch (error) {
      this.log.warn({ err: error }, "push: the push service could not be reached");
      return "failed" satisfies PushOutcome;
    }
  }
}

/** The embedded runtime's VAPID keys: generated once and kept in DATA_DIR, as its session secret is. */
export async function embeddedVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = join(dataDir, "vapid-keys.json");
  try {
    const kept = JSON.parse(await readFile(file, "utf8")) as Partial<VapidKeys>;
    if (kept.publicKey && kept.privateKey) return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch {
    // first start
  }
  const keys = webpush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** Push from configuration: its keys, the embedded runtime's own, or none. */
export async function createPush(
  config: { vapid?: VapidKeys; vapidSubject?: string; supportEmail: string; dataDir: string; databaseUrl?: string },
  log: Logger,
): Promise<PushPort> {
  const subject = config.vapidSubject ?? `mailto:${config.supportEmail}`;
  if (config.vapid) return new WebPushSender(config.vapid, subject, log);
  if (!config.databaseUrl) return new WebPushSender(await embeddedVapidKeys(config.dataDir), subject, log);
  return noPush;
}
