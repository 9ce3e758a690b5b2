import type { GiftGuideProductView } from "@bm/shared";
import { type ReactNode, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { usd } from "../../../lib/format";
import { useCartStore } from "../../../stores/cart-store";
import { cutDescription } from "../lib/description";
import { ImageCarousel } from "./image-carousel";

/** A product's pictures: its list, or its one image. */
export function picturesOf(product: GiftGuideProductView): string[] {
  if (product.imageUrls.length > 0) return product.imageUrls;
  return product.imageUrl ? [product.imageUrl] : [];
}

/** The description, cut at 80 characters with a 'see more' toggle. */
export function ProductDescription({ text }: { text: string | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!text) return null;
  const { short, cut } = cutDescription(text);
  return (
    <div className="mt-2 text-base leading-relaxed text-bone-muted">
      <p id={id}>{open || !cut ? text : short}</p>
      {cut && (
        <button
          type="button"
          className="link-quiet mt-1 text-sm"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "see less" : "see more"}
        </button>
      )}
    </div>
  );
}

/** Adds the product to the cart and says so, with a way to the cart. */
export function addToCart(product: GiftGuideProductView): void {
  const cart = useCartStore.getState();
  cart.addItem({
    id: product.id,
    title: product.title,
    price: product.price,
    shopifyVariantId: product.shopifyVariantId,
    imageUrl: product.imageUrl,
  });
  toast({
    title: "Added to Cart",
    description: `${product.title} has been added to your cart.`,
    action: { label: "Go to Cart", onClick: () => useCartStore.getState().setOpen(true) },
  });
}

interface ProductCardProps {
  product: GiftGuideProductView;
  /** The price line; the cash price by default. */
  price?: ReactNode;
  /** The card's actions; View Product and Add to Cart by default. */
  actions?: ReactNode;
  /** The title's heading level: 2 in the main grid, 3 under a section's own heading. */
  headingLevel?: 2 | 3;
}

/** One product of the Forbidden Catalogue: its pictures, title, price, description and actions. */
export function ProductCard({ product, price, actions, headingLevel = 2 }: ProductCardProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article aria-labelledby={headingId} className="panel flex flex-col" data-testid="catalogue-product">
      <span className="panel-corners" aria-hidden="true" />
      <ImageCarousel images={picturesOf(product)} title={product.title} />
      <div className="flex flex-1 flex-col px-4 pt-4 pb-5">
        <Heading id={headingId} className="font-display text-xl leading-snug text-bone">
          {product.title}
        </Heading>
        <p className="mt-1 font-display text-lg text-gold-bright lining-nums tabular-nums">
          {price ?? usd(product.price)}
        </p>
        <ProductDescription text={product.description} />
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          {actions ?? (
            <>
              <a
                href={product.productUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="btn btn-outline min-h-11 flex-1 px-3 text-[0.75rem]"
              >
                View Product
              </a>
              <Button onClick={() => addToCart(product)} className="min-h-11 flex-1 px-3 text-[0.75rem]">
                Add to Cart
              </Button>
            </>
          )}
        </div>
      </div>
    </article>
  );
}
