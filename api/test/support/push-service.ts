import { createECDH, type ECDH, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
// http_ece: the library web-push encrypts with (RFC 8188 / RFC 8291), here on the receiving side.
import ece from "http_ece";

/** A browser's side of a push subscription: its keys, kept to decrypt what it is sent. */
export interface FakeDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What the push service received for this device, decrypted (JSON parsed). */
  received: Record<string, unknown>[];
  /** The VAPID Authorization headers it came with. */
  authorizations: string[];
}

/**
 * A push service on loopback speaking Web Push's real shape (RFC 8030): POST to a device's
 * endpoint with an aes128gcm body, a VAPID Authorization, a TTL; it answers 201 Created, or 410
 * Gone for a device marked gone. It holds each device's private keys, as the browser would, and
 * decrypts what it receives, so a test reads exactly what a phone would show.
 */
export class FakePushService {
  private server: http.Server | undefined;
  private baseUrl = "";
  private readonly devices = new Map<string, FakeDevice & { ecdh: ECDH; auth: Buffer }>();
  private readonly gone = new Set<string>();

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (c: Buffer) => chunks.push(c));
      request.on("end", () => {
        const device = this.devices.get(request.url ?? "");
        if (!device || request.method !== "POST") {
          response.writeHead(404).end();
          return;
        }
        if (this.gone.has(device.endpoint)) {
          response.writeHead(410).end();
          return;
        }
        if (request.headers["content-encoding"] !== "aes128gcm" || !request.headers.ttl) {
          response.writeHead(400).end("not a Web Push message");
          return;
        }
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: "aes128gcm",
          privateKey: device.ecdh,
          authSecret: device.auth.toString("base64url"),
        }) as Buffer;
        device.received.push(JSON.parse(plain.toString("utf8")) as Record<string, unknown>);
        device.authorizations.push(String(request.headers.authorization ?? ""));
        response.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new device: its endpoint on this service and its keys, as PushSubscription.toJSON() gives them. */
  device(name: string): FakeDevice {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const path = `/push/${name}-${randomBytes(4).toString("hex")}`;
    const device = {
      endpoint: `${this.baseUrl}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      received: [],
      authorizations: [],
      ecdh,
      auth,
    };
    this.devices.set(path, device);
    return device;
  }

  /** The device unsubscribed in the browser: the service answers 410 Gone from now on. */
  markGone(device: FakeDevice): void {
    this.gone.add(device.endpoint);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A VAPID key pair as web-push generates them (base64url: the uncompressed P-256 point, the scalar). */
export function vapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    // 32 bytes always (a scalar with leading zeros comes back shorter).
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString("base64url"),
  };
}
