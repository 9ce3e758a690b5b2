/** A product's small picture (or an empty frame). Decorative: the title beside it names the product. */
export function ProductThumb({ url }: { url: string | null }) {
  return (
    <div className="h-16 w-16 shrink-0 overflow-hidden border border-gold/20 bg-ink-950">
      {url && <img src={url} alt="" loading="lazy" className="h-full w-full object-cover" />}
    </div>
  );
}
