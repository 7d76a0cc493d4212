/**
 * The NFT share images, 1200x630 on the average colour of the NFT's (or the
 * collection's) image:
 *
 * - the asset card: the NFT's image large on the left; on the right the
 *   product mark, the collection's name with its verified mark, the NFT's
 *   name, and its listing or floor price;
 * - the collection card: the collection's image and the product mark on top,
 *   its name with the verified mark, then four figures: floor, 24 h volume,
 *   owners and items.
 *
 * An image that cannot be drawn is a rounded tile with the name's first
 * letters. Drawn whole (one layer): NFT cards are rare next to token cards.
 *
 * @module
 */

import { cssRgb, type Rgb } from "./color.ts";
import { CARD_PAD, type CardLogo, cardRoot, INK, luminance, oneLine, ProductMark, textColorOn } from "./card_parts.tsx";
import { CARD_HEIGHT, CARD_WIDTH } from "./geometry.ts";

/** Size the asset card draws the NFT's image at, in px (a square). */
export const NFT_IMAGE_SIZE = CARD_HEIGHT - 2 * CARD_PAD;
/** Size the collection card draws the collection's image at, in px (a square). */
export const COLLECTION_IMAGE_SIZE = 168;
/** Space between the asset card's image and its text, in px. */
const GAP = 48;
/** Width of the asset card's text column, in px. */
export const NFT_TEXT_WIDTH = CARD_WIDTH - 2 * CARD_PAD - NFT_IMAGE_SIZE - GAP;
/** The blue of the verified mark. */
export const VERIFIED_BLUE = "#4c82fb";

/** What the asset card shows. */
export interface NftAssetCardProps {
  /** The NFT's name (`Loopback Lizards #1`). */
  readonly name: string;
  readonly collectionName: string | null;
  readonly verified: boolean;
  /** `Listed` or `Floor`, with its value (`0.845 ETH`); `null` when no price is known. */
  readonly price: { readonly label: string; readonly value: string } | null;
  /** The NFT's image; without `src` the tile shows `symbol`'s first letters. */
  readonly image: CardLogo;
  readonly background: Rgb;
  /** Data URL of the product logo. */
  readonly productLogo: string;
}

/** What the collection card shows. */
export interface NftCollectionCardProps {
  readonly name: string;
  readonly verified: boolean;
  /** The four figures, label and value (`Floor`, `0.845 ETH`); a value unknown is `–`. */
  readonly stats: readonly { readonly label: string; readonly value: string }[];
  readonly image: CardLogo;
  readonly background: Rgb;
  readonly productLogo: string;
}

/** The verified mark: a white check on a blue disc, `size` px. */
export function VerifiedMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24">
      <circle cx="12" cy="12" r="12" fill={VERIFIED_BLUE} />
      <path
        d="M7 12.4l3.3 3.3L17.2 8.8"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Initials of a name for the tile drawn instead of an image: its first two letters, or `NFT`. */
export function imageTileText(name: string | null): string {
  const letters = Array.from((name ?? "").replace(/[^\p{L}\p{N}]/gu, "")).slice(0, 2).join("");
  return letters === "" ? "NFT" : letters.toUpperCase();
}

/** The NFT's (or collection's) image as a rounded square of `size` px, or its tile. */
export function NftImage({ image, size, tint }: { image: CardLogo; size: number; tint: Rgb }) {
  const radius = Math.round(size * 0.07);
  if (image.src) {
    return (
      <img src={image.src} width={size} height={size} style={{ width: size, height: size, borderRadius: radius }} />
    );
  }
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        width: size,
        height: size,
        borderRadius: radius,
        background: "rgba(255,255,255,0.92)",
        color: luminance(tint) < 0.3 ? cssRgb(tint) : INK,
        fontSize: Math.round(size * 0.3),
      }}
    >
      {imageTileText(image.symbol)}
    </div>
  );
}

/** A line of text with the verified mark after it (when `verified`), cut at `width`. */
function NameWithMark(
  { text, verified, fontSize, width, opacity }: {
    text: string;
    verified: boolean;
    fontSize: number;
    width: number;
    opacity?: number;
  },
) {
  const mark = Math.round(fontSize * 0.8);
  const room = verified ? width - mark - 12 : width;
  return (
    <div style={{ display: "flex", alignItems: "center", width, height: Math.round(fontSize * 1.25) }}>
      <div style={{ ...oneLine(text, fontSize, room), lineHeight: `${Math.round(fontSize * 1.25)}px`, opacity }}>
        {text}
      </div>
      {verified
        ? (
          <div style={{ display: "flex", marginLeft: 12 }}>
            <VerifiedMark size={mark} />
          </div>
        )
        : null}
    </div>
  );
}

/** The NFT asset card. */
export function NftAssetCard(props: NftAssetCardProps) {
  const color = textColorOn(props.background);
  return (
    <div style={{ ...cardRoot(), padding: CARD_PAD, color }}>
      <NftImage image={props.image} size={NFT_IMAGE_SIZE} tint={props.background} />
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          marginLeft: GAP,
          width: NFT_TEXT_WIDTH,
          height: NFT_IMAGE_SIZE,
        }}
      >
        <ProductMark src={props.productLogo} color={color} />
        <div style={{ display: "flex", flexDirection: "column" }}>
          {props.collectionName === null ? null : (
            <NameWithMark
              text={props.collectionName}
              verified={props.verified}
              fontSize={34}
              width={NFT_TEXT_WIDTH}
              opacity={0.82}
            />
          )}
          <div style={{ ...oneLine(props.name, 44, NFT_TEXT_WIDTH), lineHeight: "58px", marginTop: 8 }}>
            {props.name}
          </div>
          {props.price === null ? null : (
            <div style={{ display: "flex", flexDirection: "column", marginTop: 32 }}>
              <div style={{ display: "flex", fontSize: 28, lineHeight: "36px", opacity: 0.72 }}>
                {props.price.label}
              </div>
              <div style={{ ...oneLine(props.price.value, 64, NFT_TEXT_WIDTH), lineHeight: "80px" }}>
                {props.price.value}
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** The NFT collection card. */
export function NftCollectionCard(props: NftCollectionCardProps) {
  const color = textColorOn(props.background);
  const inner = CARD_WIDTH - 2 * CARD_PAD;
  const column = Math.floor(inner / props.stats.length);
  return (
    <div
      style={{ ...cardRoot(), flexDirection: "column", justifyContent: "space-between", padding: CARD_PAD, color }}
    >
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", width: inner }}>
        <NftImage image={props.image} size={COLLECTION_IMAGE_SIZE} tint={props.background} />
        <ProductMark src={props.productLogo} color={color} />
      </div>
      <div style={{ display: "flex", flexDirection: "column" }}>
        <NameWithMark text={props.name} verified={props.verified} fontSize={72} width={inner} />
        <div style={{ display: "flex", marginTop: 24 }}>
          {props.stats.map((stat) => (
            <div key={stat.label} style={{ display: "flex", flexDirection: "column", width: column }}>
              <div style={{ display: "flex", fontSize: 26, lineHeight: "34px", opacity: 0.72 }}>{stat.label}</div>
              <div style={{ ...oneLine(stat.value, 44, column - 16), lineHeight: "56px" }}>{stat.value}</div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
