import type { MigrationInterface, QueryRunner } from "typeorm";
import { fairPlayMaximumProbingFunction } from "../../fairplay/sql/maximum-probing.sql";
import { fairPlayReferralsFunction } from "../../fairplay/sql/referral-rings.sql";
import { fairPlaySharedOriginFunction } from "../../fairplay/sql/shared-origin.sql";
import { fairPlayShillPatternFunction } from "../../fairplay/sql/shill-features.sql";
import { createFunctions, dropFunctions } from "../sql-function";

const signals = [
  fairPlaySharedOriginFunction,
  fairPlayMaximumProbingFunction,
  fairPlayShillPatternFunction,
  fairPlayReferralsFunction,
];

/**
 * Fair-play signals and a review queue (issue 31 part 2): the flags (`fair_play_flags`, one open
 * per reason and subject), declared households, the device each sign-in came from, and the four
 * signal functions from their current source.
 */
export class FairPlay1796700000000 implements MigrationInterface {
  name = "FairPlay1796700000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"fair_play_flags\" (\"id\" SERIAL NOT NULL, \"reason\" character varying(40) NOT NULL, \"subject\" text NOT NULL, \"severity\" character varying(10) NOT NULL, \"status\" character varying(12) NOT NULL DEFAULT 'open', \"members\" uuid array NOT NULL, \"household\" boolean NOT NULL DEFAULT false, \"weight\" integer NOT NULL, \"evidence\" jsonb NOT NULL, \"raised_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"seen_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"decided_at\" TIMESTAMP WITH TIME ZONE, \"decided_by\" uuid, \"decision_note\" text, CONSTRAINT \"ck_fair_play_flags_status\" CHECK (\"status\" IN ('open', 'reviewed', 'dismissed')), CONSTRAINT \"ck_fair_play_flags_severity\" CHECK (\"severity\" IN ('high', 'medium', 'low')), CONSTRAINT \"PK_7de63123d84c3e4a0adc8625455\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_fair_play_flags_open\" ON \"fair_play_flags\"  (\"reason\", \"subject\") WHERE \"status\" = 'open'");
    await queryRunner.query("CREATE INDEX \"ix_fair_play_flags_status\" ON \"fair_play_flags\"  (\"status\", \"raised_at\") ");
    await queryRunner.query("CREATE TABLE \"households\" (\"id\" SERIAL NOT NULL, \"inviter_id\" uuid NOT NULL, \"invitee_email\" character varying(254) NOT NULL, \"invitee_id\" uuid, \"created_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"confirmed_at\" TIMESTAMP WITH TIME ZONE, \"ended_at\" TIMESTAMP WITH TIME ZONE, \"ended_by\" uuid, CONSTRAINT \"PK_2b1aef2640717132e9231aac756\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_households_live_inviter\" ON \"households\"  (\"inviter_id\") WHERE \"ended_at\" IS NULL");
    await queryRunner.query("CREATE UNIQUE INDEX \"uq_households_live_invitee\" ON \"households\"  (\"invitee_email\") WHERE \"ended_at\" IS NULL");
    await queryRunner.query("CREATE INDEX \"ix_households_invitee\" ON \"households\"  (\"invitee_id\") ");
    await queryRunner.query("ALTER TABLE \"sign_ins\" ADD \"device\" character varying(64)");
    await queryRunner.query("CREATE INDEX \"ix_sign_ins_device\" ON \"sign_ins\"  (\"device\") ");
    await queryRunner.query("ALTER TABLE \"households\" ADD CONSTRAINT \"FK_5e2194b14a0a7cf223db037aaea\" FOREIGN KEY (\"inviter_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"households\" ADD CONSTRAINT \"FK_624d81c6253803bf1869ebb5c54\" FOREIGN KEY (\"invitee_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await createFunctions(queryRunner, signals);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await dropFunctions(queryRunner, signals);
    await queryRunner.query("ALTER TABLE \"households\" DROP CONSTRAINT \"FK_624d81c6253803bf1869ebb5c54\"");
    await queryRunner.query("ALTER TABLE \"households\" DROP CONSTRAINT \"FK_5e2194b14a0a7cf223db037aaea\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_sign_ins_device\"");
    await queryRunner.query("ALTER TABLE \"sign_ins\" DROP COLUMN \"device\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_households_invitee\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_households_live_invitee\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_households_live_inviter\"");
    await queryRunner.query("DROP TABLE \"households\"");
    await queryRunner.query("DROP INDEX \"public\".\"ix_fair_play_flags_status\"");
    await queryRunner.query("DROP INDEX \"public\".\"uq_fair_play_flags_open\"");
    await queryRunner.query("DROP TABLE \"fair_play_flags\"");
  }
}
