import { parseSocialCodes } from "@bm/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { AdminSection, FormField } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { useProcessCodes } from "../api/process-codes";
import { type CodesForm, codesForm, titleOfCodesMessage } from "../lib/codes-form";
import { CodeResults } from "./code-results";

/**
 * The Social Rite tab: codes members posted in Instagram comments, pasted in any layout, then
 * processed (each code's owner gets the rite's credits once). The results stay until the next run.
 */
export function SocialRiteTab() {
  const processing = useProcessCodes();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CodesForm>({ resolver: zodResolver(codesForm), defaultValues: { text: "" } });
  const text = useWatch({ control, name: "text" });
  const count = parseSocialCodes(text ?? "").length;

  const submit = handleSubmit(
    ({ text }) => processing.mutate(parseSocialCodes(text)),
    (invalid) => {
      const message = invalid.text?.message;
      toast({ title: titleOfCodesMessage(message), description: message, variant: "destructive" });
    },
  );

  return (
    <div className="flex flex-col gap-6">
      <AdminSection
        title="Social Rite"
        description="Paste the codes from the comments: one per line, or separated by commas or spaces. They are trimmed and upper-cased."
      >
        <form noValidate onSubmit={submit} aria-label="Process social rite codes" className="flex flex-col gap-4">
          <FormField
            label="Instagram codes"
            error={errors.text?.message}
            hint={
              count > 0 ? `${count} distinct code${count === 1 ? "" : "s"} read.` : "For example: K7PQ2M4X, H3TR9WQZ"
            }
          >
            {(a11y) => (
              <textarea
                {...a11y}
                {...register("text")}
                rows={8}
                spellCheck={false}
                autoCapitalize="characters"
                className="field resize-y font-mono text-base tracking-wider"
              />
            )}
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" disabled={processing.isPending} aria-busy={processing.isPending || undefined}>
              {processing.isPending && <Spinner className="h-4 w-4" />}
              Process Codes
            </Button>
          </div>
        </form>
      </AdminSection>
      {processing.data && <CodeResults answer={processing.data} />}
    </div>
  );
}
