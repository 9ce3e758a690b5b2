import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorNote, LoadingNote } from "../../../components/admin";
import { messageOf } from "../../../lib/api";

/** One chart's figures: on their way, refused (with a retry), or drawn by `children`. */
export function ChartQuery<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** What the chart counts, for the waiting and failing notes. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return (
      <ErrorNote
        message={messageOf(query.error, `The ${what} could not be read.`)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) return <LoadingNote text={`Counting the ${what}...`} />;
  return children(query.data);
}
