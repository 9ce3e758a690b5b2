import type { AuditEntry } from "@bm/shared/admin";
import { cn } from "../../../lib/cn";
import { fieldChanges, valueText } from "../lib/audit-words";

/** The record's fields before and after the action; changed ones stand out (and say so). */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <p className="text-base text-bone-muted italic">No fields were recorded.</p>;
  const changedCount = changes.filter((change) => change.changed).length;
  return (
    <div>
      <p className="mb-2 text-sm text-bone-faint">
        {entry.before === null
          ? "A new record: its fields as created."
          : entry.after === null
            ? "A removed record: its fields as they were."
            : `${changedCount} of ${changes.length} fields changed.`}
      </p>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Fields before and after</caption>
        <thead>
          <tr className="border-b border-gold/25 font-display text-[0.75rem] tracking-[0.16em] text-gold uppercase">
            <th scope="col" className="py-1.5 pr-4">
              Field
            </th>
            <th scope="col" className="py-1.5 pr-4">
              Before
            </th>
            <th scope="col" className="py-1.5">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr
              key={change.field}
              className={cn("border-b border-gold/10 align-top", change.changed && "bg-blood-deep/25")}
            >
              <th scope="row" className="py-1.5 pr-4 font-mono font-normal whitespace-nowrap text-bone-muted">
                {change.field}
                {change.changed && <span className="ml-2 text-gold-bright">• changed</span>}
              </th>
              <td className="max-w-sm py-1.5 pr-4 break-words whitespace-pre-wrap text-bone-muted">
                <ClampedValue value={change.before} />
              </td>
              <td
                className={cn(
                  "max-w-sm py-1.5 break-words whitespace-pre-wrap",
                  change.changed ? "text-bone" : "text-bone-muted",
                )}
              >
                <ClampedValue value={change.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ClampedValue({ value }: { value: unknown }) {
  const text = valueText(value);
  return <span className="block max-h-40 overflow-y-auto">{text}</span>;
}
