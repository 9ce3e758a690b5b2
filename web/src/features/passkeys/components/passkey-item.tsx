import { formatDateTime, PASSKEY_NAME_MAX, type Passkey } from "@bm/shared";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { toast } from "../../../components/ui/toast";
import { messageOf } from "../../../lib/api";
import { useRemovePasskey } from "../api/remove-passkey";
import { useRenamePasskey } from "../api/rename-passkey";

/** One passkey: its name, when it was made and last used; renamed in place, removed after a confirmation. */
export function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const inputId = useId();
  const errorId = useId();
  const item = useRef<HTMLLIElement>(null);
  // Back on the Rename button once the form closes, so the keyboard stays where it was.
  const [focusBack, setFocusBack] = useState(false);
  const refocus = () => setFocusBack(true);
  useEffect(() => {
    if (!focusBack || editing || confirming) return;
    item.current?.querySelector<HTMLButtonElement>("button")?.focus();
    setFocusBack(false);
  }, [focusBack, editing, confirming]);
  const made = formatDateTime(passkey.createdAt);
  const used = passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : null;

  function save(event: FormEvent) {
    event.preventDefault();
    if (rename.isPending) return;
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: () => {
          setEditing(false);
          refocus();
        },
        onError: (failure) => setError(messageOf(failure, "The name could not be saved")),
      },
    );
  }

  return (
    <li ref={item} className="flex flex-col gap-3 py-4">
      {editing ? (
        <form onSubmit={save} noValidate className="flex flex-col gap-3">
          <label htmlFor={inputId} className="label">
            Name of this passkey
          </label>
          <input
            id={inputId}
            className="field"
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            // biome-ignore lint/a11y/noAutofocus: the member asked to rename it; the field is where they type.
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            {...fieldErrorProps(errorId, error)}
          />
          <FieldError id={errorId} message={error} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" aria-disabled={rename.isPending}>
              {rename.isPending ? "Saving..." : "Save name"}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                setError(null);
                refocus();
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="min-w-0">
          <p className="text-lg break-words text-bone">{passkey.name}</p>
          <p className="text-base text-bone-muted">
            Made <time dateTime={passkey.createdAt}>{made}</time>
            {passkey.synced && " · synced across your devices"}
          </p>
          <p className="text-base text-bone-muted">
            {used && passkey.lastUsedAt ? (
              <>
                Last used <time dateTime={passkey.lastUsedAt}>{used}</time>
              </>
            ) : (
              "Not used yet"
            )}
          </p>
        </div>
      )}
      {!editing && !confirming && (
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" aria-label={`Rename ${passkey.name}`} onClick={() => setEditing(true)}>
            Rename
          </Button>
          <Button variant="outline" aria-label={`Remove ${passkey.name}`} onClick={() => setConfirming(true)}>
            Remove
          </Button>
        </div>
      )}
      {confirming && (
        <fieldset aria-label={`Remove ${passkey.name}?`} className="flex flex-col gap-3 border-0 p-0">
          <p className="text-base text-bone">
            Remove “{passkey.name}”? It will no longer open your account; the e-mailed code still will.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              aria-disabled={remove.isPending}
              onClick={() => {
                if (remove.isPending) return;
                remove.mutate(passkey.id, {
                  onSuccess: () => toast({ title: "Passkey Removed", description: `“${passkey.name}” is gone.` }),
                  onError: (failure) =>
                    toast({
                      title: "Not Removed",
                      description: messageOf(failure, "Try again."),
                      variant: "destructive",
                    }),
                });
              }}
            >
              {remove.isPending ? "Removing..." : "Remove passkey"}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setConfirming(false);
                refocus();
              }}
            >
              Keep it
            </Button>
          </div>
        </fieldset>
      )}
    </li>
  );
}
