/** Token and pair logos with a lettered fallback when there is no image. */

/** A round token logo; without a URL, the symbol's first letters. */
export function TokenLogo(
  { url, symbol, size = 28 }: {
    url?: string | null;
    symbol?: string | null;
    size?: number;
  },
) {
  const label = symbol || "token";
  if (url) {
    return (
      <img
        className="token-logo"
        src={url}
        alt={`${label} logo`}
        width={size}
        height={size}
        loading="lazy"
      />
    );
  }
  return (
    <span
      className="token-logo token-logo-fallback"
      role="img"
      aria-label={`${label} logo`}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {(symbol ?? "?").slice(0, 3).toUpperCase()}
    </span>
  );
}

/** Both logos of a pair, overlapping. */
export function PairLogos(
  { token0, token1, size = 28 }: {
    token0: { url?: string | null; symbol?: string | null };
    token1: { url?: string | null; symbol?: string | null };
    size?: number;
  },
) {
  return (
    <span className="pair-logos">
      <TokenLogo url={token0.url} symbol={token0.symbol} size={size} />
      <TokenLogo url={token1.url} symbol={token1.symbol} size={size} />
    </span>
  );
}
