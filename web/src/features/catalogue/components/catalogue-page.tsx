import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { messageOf } from "../../../lib/api";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useGiftGuide } from "../api/get-gift-guide";
import { ProductCard } from "./product-card";
import { SpendCredits } from "./spend-credits";

/** /gift-guide: the Forbidden Catalogue. */
export function CataloguePage() {
  useDocumentTitle("Forbidden Catalogue");
  const { data, error, refetch } = useGiftGuide();
  return (
    // Busy until the gift guide is there (see afterPagePaint): the header's extras wait for it.
    <main aria-busy={!data && !error} className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <header className="flex flex-col items-center text-center">
        <p className="eyebrow">Curios of the House</p>
        <h1 className="mt-3 text-3xl sm:text-5xl">Forbidden Catalogue</h1>
        <div className="hairline mt-5 w-56" />
        <p className="mt-4 max-w-xl text-base text-bone-muted italic">
          Every $2 spent here earns 1 MPC credit, rounded up per item.
        </p>
      </header>
      {!data ? (
        <div role="status" className="mt-16 flex flex-col items-center gap-4 text-bone-muted">
          {error ? (
            <>
              <p>{messageOf(error, "The catalogue could not be opened.")}</p>
              <Button variant="outline" onClick={() => void refetch()}>
                Try again
              </Button>
            </>
          ) : (
            <>
              <Spinner className="h-6 w-6" />
              <p>Unsealing the catalogue...</p>
            </>
          )}
        </div>
      ) : (
        <>
          <section aria-label="Products" className="mt-10">
            {data.products.length === 0 ? (
              <p className="text-center text-lg text-bone-muted italic">No items found</p>
            ) : (
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {data.products.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {data.creditProducts && data.creditProducts.length > 0 && <SpendCredits products={data.creditProducts} />}
        </>
      )}
    </main>
  );
}
