/**
 * Token logos copied from the `cryptocurrency-icons` package 0.18.1 (CC0,
 * see `icons/README.md`): a colour SVG and a 128x128 PNG for each symbol the
 * demo data names, read from `icons/` on demand.
 *
 * @module
 */
import type { ImageFile } from "./image_encoders.ts";

/**
 * Lower-case symbols with a logo in `icons/svg/` and `icons/png/`: the
 * catalog's tokens whose symbol the package had a logo for.
 */
export const ICON_SYMBOLS: ReadonlySet<string> = new Set(
  (
    "1inch aave abt adx amp ankr ant ape ast avax bal band bat beam blz bnb bnt btc chz comp crpt crv ctr " +
    "cvc dai dent dnt doge ela enj eth flux gno grt gusd iotx knc link loom lpt lrc lsk mana matic mkr " +
    "mln mona mtl nkn nmr omg omni one oxt pax paxg poly powr qnt qsp ren rep repv2 req rlc safe sand skl " +
    "sky snt snx sol storj stx sushi tel uma uni usdc usdt wbtc xrp yfi zec zen zrx"
  ).split(" "),
);

/** Folder of the copied logos. */
export const ICONS_DIR: URL = new URL("./icons/", import.meta.url);

/**
 * The logo of a symbol: `svg` (vector) or `png` (128x128), or `undefined`
 * when it has none.
 */
export async function readIcon(
  kind: "svg" | "png",
  symbol: string,
): Promise<ImageFile | undefined> {
  const lower = symbol.toLowerCase();
  if (!ICON_SYMBOLS.has(lower)) return undefined;
  try {
    const bytes = await Deno.readFile(new URL(`${kind}/${lower}.${kind}`, ICONS_DIR));
    return {
      bytes,
      contentType: kind === "svg" ? "image/svg+xml" : "image/png",
    };
  } catch {
    return undefined;
  }
}
