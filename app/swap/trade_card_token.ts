/**
 * A token of the token and pool pages' trade card, shared by the light card
 * (`trade_card.tsx`) and the swap panel it loads lazily (`embedded_swap.tsx`).
 *
 * @module
 */

/** A token of the card, as the page knows it (`address` `null`: the chain's native token). */
export interface TradeCardToken {
  readonly address: string | null;
  readonly symbol: string;
  readonly name: string;
  readonly logoUrl: string | null;
  readonly price: number | null;
}
