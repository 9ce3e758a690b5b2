import { Link, useParams } from "react-router-dom";
import { ArtImage } from "../../../components/ui/art-image";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { ApiError, messageOf } from "../../../lib/api";
import { usd } from "../../../lib/format";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useDevProduct } from "../api/dev-product";

/**
 * The built-in dev shop's product page: where View Product leads while the House runs its test
 * shop (with Shopify, View Product opens the real shop's page instead).
 */
export function DevProductPage() {
  const { handle = "" } = useParams();
  const { data, error } = useDevProduct(handle);
  const missing = error instanceof ApiError && error.status === 404;
  useDocumentTitle(data ? data.title : missing ? "Product not found" : "The House's shop");
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-4 pb-16 sm:px-6 sm:pt-10">
      <Link to={paths.catalogue.href()} className="link-quiet inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> Forbidden Catalogue
      </Link>
      <div role="note" aria-label="Simulated shop" className="mt-4 border border-ember/60 bg-ember/10 px-4 py-3">
        <p className="font-display text-xs tracking-[0.22em] text-ember uppercase">Simulated shop</p>
        <p className="mt-1 text-base text-bone">
          This page stands in for the shop's own product page while the House runs its test shop.
        </p>
      </div>
      {!data ? (
        <div role="status" className="mt-12 flex flex-col items-center gap-3 text-bone-muted">
          {error ? (
            <>
              <h1 className="text-2xl">{missing ? "Product Not Found" : "The shop could not be reached"}</h1>
              {!missing && <p>{messageOf(error, "Try again shortly.")}</p>}
            </>
          ) : (
            <>
              <Spinner className="h-6 w-6" />
              <p>Opening the shop...</p>
            </>
          )}
        </div>
      ) : (
        <article className="panel mt-6 grid gap-6 p-4 sm:grid-cols-2 sm:p-6">
          <span className="panel-corners" aria-hidden="true" />
          <ArtImage src={data.images[0]} alt={data.title} className="aspect-square w-full" priority />
          <div className="flex flex-col">
            <p className="eyebrow">The House's shop</p>
            <h1 className="mt-2 text-3xl">{data.title}</h1>
            <p className="mt-2 font-display text-2xl text-gold-bright lining-nums tabular-nums">{usd(data.price)}</p>
            <p className="mt-4 text-lg leading-relaxed text-bone-muted">{data.description}</p>
          </div>
        </article>
      )}
    </main>
  );
}
