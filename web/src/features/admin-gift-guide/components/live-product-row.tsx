import { AdminToasts, addGiftGuideBody, type LiveProduct } from "@bm/shared/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormField } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { usd } from "../../../lib/format";
import { useAddGiftGuideProduct } from "../api/add-gift-guide-product";
import { addBodyOf } from "../lib/add-body";
import { ProductThumb } from "./product-thumb";

/** The optional credit price, checked by the shared body's own rule. */
const creditForm = z.object({ creditPrice: addGiftGuideBody.shape.creditPrice });
type CreditForm = z.input<typeof creditForm>;
/** The field's value as the body wants it: empty (or the form's own null) is no credit price. */
const emptyAsNull = (value: unknown) => (value === "" || value === undefined || value === null ? null : Number(value));

/** A shop product: 'Add to Gift Guide' (with an optional credit price), or a disabled 'Already Added'. */
export function LiveProductRow({ product }: { product: LiveProduct }) {
  const titleId = useId();
  const add = useAddGiftGuideProduct();
  const { register, handleSubmit, formState } = useForm<CreditForm>({
    resolver: zodResolver(creditForm),
    defaultValues: { creditPrice: null },
  });
  const variant = product.variants.nodes[0];

  const submit = handleSubmit(({ creditPrice }) => {
    const body = addBodyOf(product, creditPrice ?? null);
    if (!body) {
      toast({ title: AdminToasts.errorTitle, description: AdminToasts.noVariants, variant: "destructive" });
      return;
    }
    add.mutate(body);
  });

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 py-3 md:flex-row md:items-start">
      <div className="flex min-w-0 flex-1 gap-3">
        <ProductThumb url={product.featuredImage?.url ?? null} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base leading-snug">
            {product.title}
          </h3>
          <p className="text-sm text-bone-faint">
            {product.handle} · {variant ? usd(variant.price) : "no variants"}
          </p>
        </div>
      </div>
      {product.alreadyAdded ? (
        <Button variant="outline" disabled className="self-start px-3">
          Already Added
        </Button>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
          <FormField label="Credit price" error={formState.errors.creditPrice?.message} className="w-40">
            {(a11y) => (
              <input
                {...a11y}
                {...register("creditPrice", { setValueAs: emptyAsNull })}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="Optional"
                className="field min-h-11 py-2 text-base"
              />
            )}
          </FormField>
          <Button type="submit" className="mt-6 px-4" disabled={add.isPending} aria-busy={add.isPending || undefined}>
            Add to Gift Guide
          </Button>
        </form>
      )}
    </article>
  );
}
