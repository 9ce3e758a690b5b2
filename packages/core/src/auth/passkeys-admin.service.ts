import { type Passkey, PasskeyMessages } from "@bm/shared";
import { MemberAdminMessages } from "@bm/shared/admin";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { Transactor } from "../db/transactor";
import { NotFoundError } from "../errors";
import type { UserRepository } from "../users/user.repository";
import type { PasskeyRepository } from "./passkeys.repository";
import { passkeyView } from "./passkeys.service";

export interface PasskeysAdminDeps {
  tx: Transactor;
  passkeys: PasskeyRepository;
  users: UserRepository;
  audit: AuditService;
}

/** The operator's view of a member's passkeys, and their revocation (audited). */
export class PasskeysAdminService {
  constructor(private readonly deps: PasskeysAdminDeps) {}

  async list(memberId: string): Promise<Passkey[]> {
    if (!(await this.deps.users.findById(memberId))) throw new NotFoundError(MemberAdminMessages.memberNotFound);
    return (await this.deps.passkeys.listOf(memberId)).map(passkeyView);
  }

  /** Revokes the member's passkey: it signs no one in from now on (the member keeps the code). */
  async revoke(memberId: string, passkeyId: string, actor: Actor): Promise<void> {
    const { tx, passkeys, users, audit } = this.deps;
    await tx.run(async (t) => {
      if (!(await users.findById(memberId, t))) throw new NotFoundError(MemberAdminMessages.memberNotFound);
      const removed = await passkeys.remove(memberId, passkeyId, t);
      if (!removed) throw new NotFoundError(PasskeyMessages.notFound);
      await audit.record(t, actor, {
        action: "passkey.revoked",
        targetKind: "passkey",
        targetId: passkeyId,
        before: { memberId, synced: removed.synced },
      });
    });
  }
}
