import { formatTime } from "@bm/shared";
import type { ConsoleSnapshot } from "@bm/shared/admin";
import { Stat } from "../../../components/admin";
import { sparkline } from "../lib/console-words";

/** The figures at the top: bids per minute, sockets per node, jobs waiting and failing. */
export function Headline({ snapshot }: { snapshot: ConsoleSnapshot }) {
  const minutes = snapshot.bidsPerMinute;
  const lastMinute = minutes.at(-1)?.bids ?? 0;
  const tenMinutes = minutes.reduce((sum, m) => sum + m.bids, 0);
  const sockets = snapshot.nodes.reduce((sum, n) => sum + n.sockets, 0);
  const { jobs } = snapshot;
  const first = minutes[0];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Bids this minute" value={lastMinute} />
      <div className="panel flex flex-col gap-1 px-4 py-3">
        <dt className="font-display text-[0.75rem] tracking-[0.2em] text-bone-muted uppercase">
          Bids, last 10 minutes
        </dt>
        <dd className="flex items-baseline gap-3">
          <span className="font-display text-3xl text-gold-bright lining-nums tabular-nums">{tenMinutes}</span>
          <span aria-hidden="true" className="font-mono text-lg tracking-tight text-gold sm:text-2xl">
            {sparkline(minutes)}
          </span>
        </dd>
        <dd className="sr-only">
          Per minute from {first ? formatTime(first.minute) : ""}: {minutes.map((m) => m.bids).join(", ")}
        </dd>
      </div>
      <div className="panel flex flex-col gap-1 px-4 py-3">
        <dt className="font-display text-[0.75rem] tracking-[0.2em] text-bone-muted uppercase">Sockets</dt>
        <dd className="font-display text-3xl text-gold-bright lining-nums tabular-nums">{sockets}</dd>
        <dd>
          <ul aria-label="Sockets per node" className="text-sm text-bone-muted">
            {snapshot.nodes.length === 0 && <li>No node reported in the last 10 seconds.</li>}
            {snapshot.nodes.map((n) => (
              <li key={n.nodeId} className="flex justify-between gap-2">
                <span className="truncate" title={n.nodeId}>
                  {n.nodeId}
                </span>
                <span className="lining-nums tabular-nums text-bone">{n.sockets}</span>
              </li>
            ))}
          </ul>
        </dd>
      </div>
      <div className="panel flex flex-col gap-1 px-4 py-3">
        <dt className="font-display text-[0.75rem] tracking-[0.2em] text-bone-muted uppercase">Jobs</dt>
        <dd className="flex items-baseline gap-4 font-display lining-nums tabular-nums">
          <span>
            <span className="text-3xl text-gold-bright">{jobs.waiting}</span>{" "}
            <span className="text-sm text-bone-muted">waiting</span>
          </span>
          <span>
            <span className={jobs.failed > 0 ? "text-3xl text-blood-bright" : "text-3xl text-gold-bright"}>
              {jobs.failed}
            </span>{" "}
            <span className="text-sm text-bone-muted">failed</span>
          </span>
        </dd>
        <dd className="text-sm text-bone-muted">
          {jobs.active} running · {jobs.delayed} scheduled · {jobs.kind === "bullmq" ? "BullMQ" : "in process"}
        </dd>
      </div>
    </dl>
  );
}
