import type { EntitySchemaColumnOptions, EntitySchemaRelationOptions } from "typeorm";

/** Column helpers: every column names its type explicitly (tsx emits no decorator metadata). */
export const col = {
  id: (): EntitySchemaColumnOptions => ({ type: "integer", primary: true, generated: "increment" }),
  uuid: (): EntitySchemaColumnOptions => ({ type: "uuid", primary: true, generated: "uuid" }),
  text: (nullable = false): EntitySchemaColumnOptions => ({ type: "text", nullable }),
  varchar: (length: number, nullable = false): EntitySchemaColumnOptions => ({ type: "varchar", length, nullable }),
  int: (nullable = false, defaultValue?: number): EntitySchemaColumnOptions => ({
    type: "integer",
    nullable,
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  }),
  bool: (defaultValue: boolean): EntitySchemaColumnOptions => ({ type: "boolean", default: defaultValue }),
  /** Money: numeric(10,2), read back as a string ("12.50"). */
  money: (nullable = false, defaultZero = true): EntitySchemaColumnOptions => ({
    type: "numeric",
    precision: 10,
    scale: 2,
    nullable,
    ...(defaultZero ? { default: 0 } : {}),
  }),
  time: (nullable = true): EntitySchemaColumnOptions => ({ type: "timestamptz", nullable }),
  createdAt: (): EntitySchemaColumnOptions => ({ type: "timestamptz", createDate: true }),
  updatedAt: (): EntitySchemaColumnOptions => ({ type: "timestamptz", updateDate: true }),
  userRef: (nullable = false): EntitySchemaColumnOptions => ({ type: "uuid", nullable }),
  ref: (nullable = false): EntitySchemaColumnOptions => ({ type: "integer", nullable }),
  textList: (): EntitySchemaColumnOptions => ({ type: "text", array: true, nullable: true }),
  date: (): EntitySchemaColumnOptions => ({ type: "date" }),
};

/** A many-to-one foreign key on `column` (the plain column stays the way code reads it). */
export function fk(
  target: string,
  column: string,
  onDelete: "CASCADE" | "SET NULL" | "RESTRICT" = "CASCADE",
): EntitySchemaRelationOptions {
  return {
    type: "many-to-one",
    target,
    joinColumn: { name: column },
    onDelete,
  };
}
