import { paths } from "../../config/paths";

interface NavItem {
  label: string;
  to: string;
  /** Shown but not yet usable. */
  disabled?: boolean;
}

export const navItems: NavItem[] = [
  { label: "Sanctum", to: paths.sanctum.href() },
  { label: "Trials", to: paths.earnCredits.href() },
  { label: "Forbidden Catalogue", to: paths.catalogue.href() },
  { label: "Bidding Hall", to: paths.biddingHall.href(), disabled: true },
];
