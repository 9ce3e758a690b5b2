/**
 * Who acts in the admin area: the signed-in admin and the address their request came from. Admin
 * routes hand it to the service, which writes the audit row in the same transaction as the change.
 */
export interface Actor {
  id: string;
  email: string;
  address: string | null;
}
