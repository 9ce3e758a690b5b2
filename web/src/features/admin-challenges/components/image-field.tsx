import type { AdminChallengeBody, AdminChallengeInput } from "@bm/shared/admin";
import { type Control, type FieldError, useController } from "react-hook-form";
import { FormField } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { IMAGE_TYPES, imageFileProblem, isVideo, readAsDataUrl } from "../lib/image-file";

interface ImageFieldProps {
  control: Control<AdminChallengeBody, unknown, AdminChallengeInput>;
  /** The field's message, from the browser's check or the server's refusal. */
  error: FieldError | undefined;
  onProblem: (message: string) => void;
}

/**
 * The optional picture: a PNG, JPEG or WebP of at most 2 MB, checked here before it is read into a
 * data URL (the server checks it again and stores it). Shows what is chosen, or what is stored.
 */
export function ImageField({ control, error, onProblem }: ImageFieldProps) {
  const { field } = useController({ control, name: "imageUrl" });
  const value = typeof field.value === "string" && field.value ? field.value : null;

  async function choose(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      onProblem(problem);
      return;
    }
    try {
      field.onChange(await readAsDataUrl(file));
    } catch {
      onProblem("The file could not be read");
    }
  }

  return (
    <FormField
      label="Image (optional)"
      error={error?.message}
      hint="PNG, JPEG or WebP, at most 2 MB. Without one, the page shows no picture."
    >
      {(a11y) => (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex h-32 w-full shrink-0 items-center justify-center overflow-hidden border border-gold/25 bg-ink-950 sm:w-44">
            {value === null ? (
              <span className="px-3 text-center text-sm text-bone-faint italic">No image</span>
            ) : isVideo(value) ? (
              <video
                src={value}
                muted
                playsInline
                className="h-full w-full object-cover"
                aria-label="The stored video"
              />
            ) : (
              <img src={value} alt="Preview of the chosen file" className="h-full w-full object-cover" />
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <input
              {...a11y}
              ref={field.ref}
              type="file"
              accept={IMAGE_TYPES.join(",")}
              onBlur={field.onBlur}
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                event.target.value = "";
              }}
              className="block w-full cursor-pointer text-base text-bone-muted file:mr-4 file:min-h-11 file:cursor-pointer file:border file:border-gold/50 file:bg-ink-950 file:px-4 file:font-display file:text-[0.75rem] file:tracking-[0.2em] file:text-gold-bright file:uppercase hover:file:border-gold-bright"
            />
            {value !== null && (
              <Button variant="ghost" className="self-start px-3" onClick={() => field.onChange(null)}>
                Remove image
              </Button>
            )}
          </div>
        </div>
      )}
    </FormField>
  );
}
