import type { ChallengeAnswer } from "@bm/shared";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { buttonClass } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import { OathRecorder } from "./oath-recorder";

/**
 * How an open special trial of this feature is answered on the challenge pages: the oath's
 * recorder, or the way to the covenant's own page. Null for every other kind.
 */
export function specialAnswer(challenge: ChallengeAnswer): ReactNode | null {
  if (challenge.answerKind === "oath") return <OathRecorder slug={challenge.urlSlug} />;
  if (challenge.answerKind === "covenant") {
    return (
      <Link to={paths.covenant.href()} className={buttonClass("primary", "w-full sm:w-auto")}>
        Read and sign the covenant
      </Link>
    );
  }
  return null;
}
