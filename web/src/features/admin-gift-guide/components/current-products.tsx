import type { AdminGiftGuideProduct } from "@bm/shared/admin";
import { useId } from "react";
import { AdminSection, ErrorNote, LoadingNote } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { messageOf } from "../../../lib/api";
import { usd } from "../../../lib/format";
import { useGiftGuideProducts } from "../api/get-gift-guide-products";
import { useRemoveGiftGuideProduct } from "../api/remove-gift-guide-product";
import { ProductThumb } from "./product-thumb";

/** What the gift guide holds now, each with 'Remove from Gift Guide'. */
export function CurrentProducts() {
  const products = useGiftGuideProducts();
  const count = products.data?.products.length;
  return (
    <AdminSection
      title="In the gift guide"
      description={
        count === undefined ? undefined : `${count} product${count === 1 ? "" : "s"} in the Forbidden Catalogue.`
      }
    >
      {products.isError ? (
        <ErrorNote
          message={messageOf(products.error, "The gift guide could not be read.")}
          onRetry={() => void products.refetch()}
        />
      ) : !products.data ? (
        <LoadingNote text="Opening the catalogue..." />
      ) : products.data.products.length === 0 ? (
        <p className="py-6 text-center text-base text-bone-muted italic">The gift guide is empty.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gold/10">
          {products.data.products.map((product) => (
            <li key={product.id}>
              <CurrentProduct product={product} />
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}

function CurrentProduct({ product }: { product: AdminGiftGuideProduct }) {
  const titleId = useId();
  const remove = useRemoveGiftGuideProduct();
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <ProductThumb url={product.imageUrl} />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base leading-snug">
            {product.title}
          </h3>
          <p className="text-sm text-bone-faint">
            {product.handle} · {usd(product.price)}
            {product.creditPrice !== null && ` · ${product.creditPrice} credits`}
            {!product.isActive && " · hidden"}
          </p>
        </div>
      </div>
      <Button
        variant="outline"
        className="self-start px-3 sm:self-center"
        disabled={remove.isPending}
        aria-busy={remove.isPending || undefined}
        onClick={() => remove.mutate(product.id)}
      >
        Remove from Gift Guide
      </Button>
    </article>
  );
}
