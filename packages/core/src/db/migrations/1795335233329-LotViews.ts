import type { MigrationInterface, QueryRunner } from "typeorm";

export class LotViews1795335233329 implements MigrationInterface {
  name = "LotViews1795335233329";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"lot_views\" (\"lot_id\" integer NOT NULL, \"user_id\" uuid NOT NULL, \"viewed_at\" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT \"PK_c16d695216e80fa300bc327300d\" PRIMARY KEY (\"lot_id\", \"user_id\"))");
    await queryRunner.query("ALTER TABLE \"lot_views\" ADD CONSTRAINT \"FK_5816f01487793dc6725c7a79a49\" FOREIGN KEY (\"lot_id\") REFERENCES \"auction_lots\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
    await queryRunner.query("ALTER TABLE \"lot_views\" ADD CONSTRAINT \"FK_a3c0ab0ee14ad31c4d3b2fbd711\" FOREIGN KEY (\"user_id\") REFERENCES \"users\"(\"id\") ON DELETE CASCADE ON UPDATE NO ACTION");
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE \"lot_views\" DROP CONSTRAINT \"FK_a3c0ab0ee14ad31c4d3b2fbd711\"");
    await queryRunner.query("ALTER TABLE \"lot_views\" DROP CONSTRAINT \"FK_5816f01487793dc6725c7a79a49\"");
    await queryRunner.query("DROP TABLE \"lot_views\"");
  }
}
