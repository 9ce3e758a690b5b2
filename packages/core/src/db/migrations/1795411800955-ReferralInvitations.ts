import type { MigrationInterface, QueryRunner } from "typeorm";

export class ReferralInvitations1795411800955 implements MigrationInterface {
  name = "ReferralInvitations1795411800955";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_referrals_open_invite\" ON \"referrals\"  (\"referee_email\") WHERE \"referee_id\" IS NULL");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"public\".\"uq_referrals_open_invite\"");
  }
}
