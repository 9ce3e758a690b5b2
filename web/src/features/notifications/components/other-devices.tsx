import { formatDateTime, NOTICE_KINDS, type NoticeChoices, type PushDevice } from "@bm/shared";
import { Button } from "../../../components/ui/button";
import { useRemoveDevice } from "../api/device-notices";

const KIND_WORDS = { outbid: "Outbid", closing: "Closing", won: "Won" } as const;

/** "Outbid · Won", or what it says when a device takes none. */
function kindsLine(kinds: NoticeChoices): string {
  const chosen = NOTICE_KINDS.filter((kind) => kinds[kind]).map((kind) => KIND_WORDS[kind]);
  return chosen.length > 0 ? chosen.join(" · ") : "No notices chosen";
}

/** The member's other devices that receive notices, each with its way off the list. */
export function OtherDevices({ devices, onRemoved }: { devices: PushDevice[]; onRemoved: (name: string) => void }) {
  const remove = useRemoveDevice();
  if (devices.length === 0)
    return <p className="mt-3 text-lg text-bone-faint italic">No other device receives your notices.</p>;
  return (
    <ul className="mt-4 divide-y divide-gold/12 border-y border-gold/15">
      {devices.map((device) => {
        const name = device.device ?? "A device without a name";
        const since = formatDateTime(device.createdAt);
        const removing = remove.isPending && remove.variables === device.endpoint;
        return (
          <li key={device.endpoint} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-4">
            <div className="min-w-0">
              <p className="text-lg break-words text-bone">{name}</p>
              <p className="text-base text-bone-muted">
                Since <time dateTime={device.createdAt}>{since}</time>
              </p>
              <p className="text-base text-bone-faint">{kindsLine(device.kinds)}</p>
            </div>
            <Button
              variant="outline"
              aria-label={removing ? undefined : `Remove ${name}, since ${since}`}
              aria-disabled={remove.isPending}
              onClick={() => {
                if (remove.isPending) return;
                remove.mutate(device.endpoint, { onSuccess: () => onRemoved(name) });
              }}
            >
              {removing ? "Removing..." : "Remove"}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
