import { calendarDate } from "@bm/shared/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormField } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { fromNewYorkWallClock, toNewYorkWallClock } from "../lib/ny-instant";

const instantForm = z.object({
  date: calendarDate,
  time: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, "Choose a time (hours, minutes and seconds)"),
});
type InstantForm = z.infer<typeof instantForm>;

interface InstantPickerProps {
  /** The instant shown when the picker opens (ISO). */
  initial: string;
  /** Shortcuts: each sets the picker to its instant and previews it at once. */
  quick?: ReadonlyArray<{ label: string; at: string }>;
  onPick: (at: string) => void;
}

/**
 * An instant, picked as a New York date and time (stated: the calendar's zone, whatever the
 * operator's own), with shortcuts such as 'at unlock − 1 s'. Answers ISO with the New York offset.
 */
export function InstantPicker({ initial, quick = [], onPick }: InstantPickerProps) {
  const { register, handleSubmit, reset, formState } = useForm<InstantForm>({
    resolver: zodResolver(instantForm),
    defaultValues: toNewYorkWallClock(initial),
  });
  const submit = handleSubmit((values) => onPick(fromNewYorkWallClock(values)));

  return (
    <form noValidate onSubmit={submit} aria-label="Instant to preview" className="flex flex-col gap-4">
      <p className="text-sm text-bone-faint">Times are New York time (EST/EDT), the calendar's zone.</p>
      <div className="flex max-w-2xl flex-wrap items-start gap-3">
        <FormField label="Date (New York)" error={formState.errors.date?.message} className="min-w-40 flex-1">
          {(a11y) => <input {...a11y} {...register("date")} type="date" className="field min-h-11 py-2 text-base" />}
        </FormField>
        <FormField label="Time (New York)" error={formState.errors.time?.message} className="min-w-36 flex-1">
          {(a11y) => (
            <input {...a11y} {...register("time")} type="time" step={1} className="field min-h-11 py-2 text-base" />
          )}
        </FormField>
        <Button type="submit" variant="outline" className="mt-6">
          Preview
        </Button>
      </div>
      {quick.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {quick.map((shortcut) => (
            <Button
              key={shortcut.label}
              variant="ghost"
              className="border border-gold/25 px-3"
              onClick={() => {
                reset(toNewYorkWallClock(shortcut.at));
                onPick(shortcut.at);
              }}
            >
              {shortcut.label}
            </Button>
          ))}
        </div>
      )}
    </form>
  );
}
