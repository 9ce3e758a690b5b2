import { referralsSuite } from "./referrals.suite";

referralsSuite("distributed");
