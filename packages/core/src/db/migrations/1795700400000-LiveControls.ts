import type { MigrationInterface, QueryRunner } from "typeorm";
import { scheduledCloseFunction } from "../../lots/sql/scheduled-close.sql";
import { createFunctions, dropFunctions } from "../sql-function";

/**
 * The House's live controls: lots paused (their own pause or the hall's) and the close they were
 * scheduled with (to tell an extended one), bids voided with a reason, each member's stable label
 * per lot (filled from the bids so far: rank by first bid), and the hall's one state row.
 */
export class LiveControls1795700400000 implements MigrationInterface {
  name = "LiveControls1795700400000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"lot_bidders\" (\"lot_id\" integer NOT NULL, \"user_id\" uuid NOT NULL, \"rank\" integer NOT NULL, CONSTRAINT \"uq_lot_bidders_rank\" UNIQUE (\"lot_id\", \"rank\"), CONSTRAINT \"ck_lot_bidders_rank\" CHECK (\"rank\" > 0), CONSTRAINT \"PK_06adc65531285668f7c11b9fcc5\" PRIMARY KEY (\"lot_id\", \"user_id\"))");
    await queryRunner.query("CREATE TABLE \"hall_state\" (\"id\" smallint NOT NULL, \"paused_at\" TIMESTAMP WITH TIME ZONE, \"banner\" text, \"banner_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"ck_hall_state_single\" CHECK (\"id\" = 1), CONSTRAINT \"PK_992b1ea17fdd181a4e563bd19c2\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("ALTER TABLE \"auction_lots\" ADD \"scheduled_closes_at\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("UPDATE \"auction_lots\" SET \"scheduled_closes_at\" = \"closes_at\"");
    // A lot inserted without it is scheduled to close when it closes (every writer, seeds and fixtures alike).
    await createFunctions(queryRunner, [scheduledCloseFunction]);
    await queryRunner.query(
      "CREATE TRIGGER auction_lots_scheduled_close BEFORE INSERT ON \"auction_lots\" FOR EACH ROW EXECUTE FUNCTION auction_lots_scheduled_close()",
    );
    await queryRunner.query("ALTER TABLE \"auction_lots\" ADD \"paused_at\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("ALTER TABLE \"auction_lots\" ADD \"pause_scope\" character varying(8)");
    await queryRunner.query("ALTER TABLE \"bids\" ADD \"voided_at\" TIMESTAMP WITH TIME ZONE");
    await queryRunner.query("ALTER TABLE \"bids\" ADD \"void_reason\" text");
    await queryRunner.query("ALTER TABLE \"auction_lots\" ADD CONSTRAINT \"ck_auction_lots_pause\" CHECK ((\"paused_at\" IS NULL) = (\"pause_scope\" IS NULL) AND \"pause_scope\" IN ('lot', 'hall'))");
    await queryRunner.query("ALTER TABLE \"lot_bidders\" ADD CONSTRAINT \"FK_8a5d7b9b2d51fd20ee45c5186ea\" FOREIGN KEY (\"lot_id\") REFERENCES \"auction_lots\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query(
      "INSERT INTO \"lot_bidders\" (\"lot_id\", \"user_id\", \"rank\") SELECT \"lot_id\", \"user_id\", ROW_NUMBER() OVER (PARTITION BY \"lot_id\" ORDER BY MIN(\"id\")) FROM \"bids\" GROUP BY \"lot_id\", \"user_id\"",
    );
    await queryRunner.query("INSERT INTO \"hall_state\" (\"id\") VALUES (1)");
    await queryRunner.query("ALTER TABLE \"lot_bidders\" ADD CONSTRAINT \"FK_2b7cd0af4ce33f79201a1dd9475\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"lot_bidders\" DROP CONSTRAINT \"FK_2b7cd0af4ce33f79201a1dd9475\"");
    await queryRunner.query("ALTER TABLE \"lot_bidders\" DROP CONSTRAINT \"FK_8a5d7b9b2d51fd20ee45c5186ea\"");
    await queryRunner.query("ALTER TABLE \"auction_lots\" DROP CONSTRAINT \"ck_auction_lots_pause\"");
    await queryRunner.query("ALTER TABLE \"bids\" DROP COLUMN \"void_reason\"");
    await queryRunner.query("ALTER TABLE \"bids\" DROP COLUMN \"voided_at\"");
    await queryRunner.query("ALTER TABLE \"auction_lots\" DROP COLUMN \"pause_scope\"");
    await queryRunner.query("ALTER TABLE \"auction_lots\" DROP COLUMN \"paused_at\"");
    await queryRunner.query("DROP TRIGGER auction_lots_scheduled_close ON \"auction_lots\"");
    await dropFunctions(queryRunner, [scheduledCloseFunction]);
    await queryRunner.query("ALTER TABLE \"auction_lots\" DROP COLUMN \"scheduled_closes_at\"");
    await queryRunner.query("DROP TABLE \"hall_state\"");
    await queryRunner.query("DROP TABLE \"lot_bidders\"");
  }
}
