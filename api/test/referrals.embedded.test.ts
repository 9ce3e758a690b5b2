import { referralsSuite } from "./referrals.suite";

referralsSuite("embedded");
