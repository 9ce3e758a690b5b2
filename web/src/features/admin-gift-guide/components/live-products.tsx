import { useState } from "react";
import { AdminSection, ErrorNote, FilterText, LoadingNote } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { messageOf } from "../../../lib/api";
import { useLiveProducts } from "../api/get-live-products";
import { LiveProductRow } from "./live-product-row";

/** The shop's products, searched by title or handle (the server's, case-insensitive), a page at a time. */
export function LiveProducts() {
  const [q, setQ] = useState("");
  const live = useLiveProducts(q);
  const products = live.data?.pages.flatMap((page) => page.products) ?? [];

  return (
    <AdminSection title="The shop's products" description="Search by title or handle; capitals do not matter.">
      <div className="mb-4 max-w-md">
        <FilterText label="Search the shop" placeholder="Title or handle" value={q} onChange={setQ} />
      </div>
      {live.isError && !live.data ? (
        <ErrorNote
          message={messageOf(live.error, "The shop could not be reached.")}
          onRetry={() => void live.refetch()}
        />
      ) : !live.data ? (
        <LoadingNote text="Asking the shop..." />
      ) : products.length === 0 ? (
        <p className="py-6 text-center text-base text-bone-muted italic">No products match “{q}”.</p>
      ) : (
        <>
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls (600 px at most), so a keyboard must be able to scroll it.
            tabIndex={0}
            aria-label="Shop products"
            aria-busy={live.isFetching || undefined}
            className="max-h-[600px] overflow-y-auto border border-gold/15 px-3"
          >
            <ul className="flex flex-col divide-y divide-gold/10">
              {products.map((product) => (
                <li key={product.id}>
                  <LiveProductRow product={product} />
                </li>
              ))}
            </ul>
          </section>
          <div className="mt-4 flex items-center justify-between gap-3">
            <p className="text-sm text-bone-faint" aria-live="polite">
              {products.length} shown{live.hasNextPage ? ", more in the shop" : ""}
            </p>
            {live.hasNextPage && (
              <Button variant="outline" disabled={live.isFetchingNextPage} onClick={() => void live.fetchNextPage()}>
                {live.isFetchingNextPage && <Spinner className="h-4 w-4" />}
                Load more
              </Button>
            )}
          </div>
        </>
      )}
    </AdminSection>
  );
}
