/** The few parts of http_ece (RFC 8188 / RFC 8291) the fake push service decrypts with. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  const ece: {
    decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
  };
  export default ece;
}
