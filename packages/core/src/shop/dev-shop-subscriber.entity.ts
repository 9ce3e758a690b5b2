import { EntitySchema } from "typeorm";
import { col } from "../db/columns";

/** The dev shop's newsletter list: who consented, and when. */
export interface DevShopSubscriber {
  email: string;
  subscribedAt: Date;
}

export const DevShopSubscriberEntity = new EntitySchema<DevShopSubscriber>({
  name: "DevShopSubscriber",
  tableName: "dev_shop_subscribers",
  columns: {
    email: { type: "varchar", length: 254, primary: true },
    subscribedAt: col.createdAt(),
  },
});
