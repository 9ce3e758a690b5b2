import { useId } from "react";
import { Button } from "../../../components/ui/button";

interface StaffDatePickerProps {
  /** The day shown (New York date). */
  value: string;
  first: string;
  last: string;
  /** Today's challenge day at the server's time. */
  today: string;
  onChange: (date: string | null) => void;
}

/** Staff and admins only: any day of the calendar (the server honours the date for them alone). */
export function StaffDatePicker({ value, first, last, today, onChange }: StaffDatePickerProps) {
  const id = useId();
  return (
    <div className="mx-auto flex w-fit flex-wrap items-end gap-3 border border-gold/25 bg-ink-950/50 px-4 py-3">
      <div className="flex flex-col">
        <label htmlFor={id} className="label">
          Staff · view any day
        </label>
        <input
          id={id}
          type="date"
          className="field min-h-11 py-1.5 [color-scheme:dark]"
          value={value}
          min={first}
          max={last}
          onChange={(event) => {
            const next = event.target.value;
            if (next && next >= first && next <= last) onChange(next === today ? null : next);
          }}
        />
      </div>
      {value !== today && (
        <Button variant="ghost" onClick={() => onChange(null)}>
          Back to today
        </Button>
      )}
    </div>
  );
}
