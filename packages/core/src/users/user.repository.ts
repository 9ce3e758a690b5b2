import type { DataSource, EntityManager } from "typeorm";
import { type User, UserEntity } from "./user.entity";

export class UserRepository {
  constructor(private readonly db: DataSource) {}

  private repo(em?: EntityManager) {
    return (em ?? this.db.manager).getRepository(UserEntity);
  }

  findById(id: string, em?: EntityManager): Promise<User | null> {
    return this.repo(em).findOneBy({ id });
  }

  findByEmail(email: string, em?: EntityManager): Promise<User | null> {
    return this.repo(em).findOneBy({ email });
  }

  findByReferralCode(referralCode: string, em?: EntityManager): Promise<User | null> {
    return this.repo(em).findOneBy({ referralCode });
  }

  /** Inserts the member unless the address exists; null when another request created it first. */
  async insertIfAbsent(email: string, referralCode: string, em: EntityManager): Promise<User | null> {
    const rows: { id: string }[] = await em.query(
      `INSERT INTO users (email, referral_code) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
      [email, referralCode],
    );
    const id = rows[0]?.id;
    return id ? this.findById(id, em) : null;
  }

  /** Remembers that the member gave the gate's word (the first time counts; later ones change nothing). */
  async markGatePassed(id: string, at: Date, em?: EntityManager): Promise<void> {
    await this.repo(em)
      .createQueryBuilder()
      .update()
      .set({ gatePassedAt: at })
      .where("id = :id AND gate_passed_at IS NULL", { id })
      .execute();
  }

  async setAdmin(id: string, isAdmin: boolean, em?: EntityManager): Promise<void> {
    await this.repo(em).update({ id }, { isAdmin });
  }
}
