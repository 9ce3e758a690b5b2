import type { AuthUser } from "@bm/shared";
import { CartButton } from "../../features/cart";
import { AccountMenu } from "./account-menu";

/** The signed-in member's corner of the header, loaded once someone is signed in. */
export default function MemberCorner({ user, onLeave }: { user: AuthUser; onLeave: () => void }) {
  return (
    <>
      <AccountMenu user={user} onLeave={onLeave} />
      <CartButton />
    </>
  );
}
