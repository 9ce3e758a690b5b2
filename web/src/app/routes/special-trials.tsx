import { useQueryClient } from "@tanstack/react-query";
import { ChallengeNotFound } from "../../features/challenges/components/challenge-not-found";
import { refreshCredits, useCreditAccount } from "../../features/credits";
import { RitualPage } from "../../features/ritual/ritual-page";
import { SubscribersFavour } from "../../features/subscriber/components/subscribers-favour";

/** /trial/subscribers-favor: the member's account is read so the award reaches the header. */
export function SubscribersFavourPage() {
  useCreditAccount(useQueryClient(), true);
  return <SubscribersFavour notFound={<ChallengeNotFound type="task" />} />;
}

/** /404/ritual */
export function RitualRoute() {
  const client = useQueryClient();
  useCreditAccount(client, true);
  return <RitualPage onGranted={() => refreshCredits(client)} />;
}
