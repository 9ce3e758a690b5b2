import { Button } from "../ui/button";

interface PagerProps {
  /** Names the navigation ("Puzzles pages"). */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** 'Showing 51–100 of 123' with Previous and Next: the list's page is the URL's `page`. */
export function Pager({ label, page, pageSize, total, onPageChange }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-base text-bone-muted lining-nums tabular-nums" aria-live="polite">
        {total === 0 ? "No rows" : `Showing ${first}–${last} of ${total}`}
        <span className="text-bone-faint">
          {" "}
          · Page {Math.min(page, pages)} of {pages}
        </span>
      </p>
      <div className="flex gap-2">
        <Button variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <span aria-hidden="true">←</span> Previous
        </Button>
        <Button variant="outline" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          Next <span aria-hidden="true">→</span>
        </Button>
      </div>
    </nav>
  );
}
