/**
 * Safety warnings of a token, from the project's `safetyLevel` and
 * `isSpam`, the token's `protectionInfo` (scam screening) and `feeData`
 * (fee-on-transfer and sell checks).
 *
 * @module
 */
import { formatPercent } from "./format.ts";

/** The token fields the warnings read (schema field names). */
export interface SafetyInput {
  readonly symbol?: string | null;
  readonly project?: {
    readonly safetyLevel?: string | null;
    readonly isSpam?: boolean | null;
  } | null;
  readonly protectionInfo?: {
    readonly result?: string | null;
    readonly attackTypes?: readonly (string | null)[] | null;
    readonly blockaidFees?: {
      readonly buy?: number | null;
      readonly sell?: number | null;
      readonly transfer?: number | null;
    } | null;
  } | null;
  readonly feeData?: {
    readonly buyFeeBps?: string | null;
    readonly sellFeeBps?: string | null;
    readonly feeTakenOnTransfer?: boolean | null;
    readonly externalTransferFailed?: boolean | null;
    readonly sellReverted?: boolean | null;
  } | null;
}

/** One warning: `danger` for blocked or malicious tokens. */
export interface SafetyWarning {
  readonly level: "warning" | "danger";
  readonly title: string;
  readonly text: string;
}

const ATTACKS: Readonly<Record<string, string>> = {
  IMPERSONATOR: "it impersonates another token",
  KNOWN_MALICIOUS: "it is known to be malicious",
  HONEYPOT: "it may be a honeypot (you may be unable to sell)",
  RUGPULL: "it shows signs of a rug pull",
  HIGH_FEES: "it charges high fees",
  AIRDROP_PATTERN: "it was spread by unsolicited airdrops",
  INORGANIC_VOLUME: "its volume looks inorganic",
  UNSTABLE_TOKEN_PRICE: "its price is unstable",
  METADATA: "its metadata is suspicious",
  DYNAMIC_ANALYSIS: "its contract behaves suspiciously",
  STATIC_CODE_SIGNATURE: "its contract code matches a known scam",
};

function bpsPercent(bps: string | null | undefined): number | null {
  if (bps == null) return null;
  const n = Number(bps);
  return Number.isFinite(n) && n > 0 ? n / 100 : null;
}

/** The warnings a token page shows, most severe first. */
export function tokenWarnings(token: SafetyInput): SafetyWarning[] {
  const symbol = token.symbol || "This token";
  const out: SafetyWarning[] = [];
  const level = token.project?.safetyLevel;
  const result = token.protectionInfo?.result;
  const attacks = (token.protectionInfo?.attackTypes ?? [])
    .flatMap((a) => (a && ATTACKS[a] ? [ATTACKS[a]] : []));
  if (level === "BLOCKED") {
    out.push({
      level: "danger",
      title: "Blocked token",
      text: `${symbol} is blocked: it cannot be traded on this interface.`,
    });
  }
  if (result === "MALICIOUS") {
    out.push({
      level: "danger",
      title: "Malicious token detected",
      text: `${symbol} was flagged as malicious${attacks.length ? `: ${attacks.join(", ")}` : ""}.`,
    });
  } else if (result === "SPAM" || token.project?.isSpam) {
    out.push({
      level: "warning",
      title: "Likely spam",
      text: `${symbol} looks like spam${
        attacks.length ? `: ${attacks.join(", ")}` : ""
      }. Be careful with tokens you did not ask for.`,
    });
  } else if (result === "WARNING" || level === "STRONG_WARNING") {
    out.push({
      level: "warning",
      title: "Warning",
      text: `${symbol} shows signs of risk${
        attacks.length ? `: ${attacks.join(", ")}` : ""
      }. Check that it is the token you want.`,
    });
  } else if (level === "MEDIUM_WARNING") {
    out.push({
      level: "warning",
      title: "Not verified",
      text: `${symbol} is not on Uniswap's default token list. Check its address before you trade.`,
    });
  }
  const fees = token.feeData;
  const buy = bpsPercent(fees?.buyFeeBps) ?? positive(token.protectionInfo?.blockaidFees?.buy);
  const sell = bpsPercent(fees?.sellFeeBps) ?? positive(token.protectionInfo?.blockaidFees?.sell);
  const transfer = positive(token.protectionInfo?.blockaidFees?.transfer);
  if (buy !== null || sell !== null || transfer !== null || fees?.feeTakenOnTransfer) {
    const parts = [
      buy !== null ? `${formatPercent(buy)} when you buy` : null,
      sell !== null ? `${formatPercent(sell)} when you sell` : null,
      transfer !== null ? `${formatPercent(transfer)} on every transfer` : null,
    ].filter(Boolean);
    out.push({
      level: "warning",
      title: "Fee on transfer",
      text: `${symbol} takes a fee${
        parts.length ? `: ${parts.join(", ")}` : " when it is transferred"
      }. You receive less than the amount sent.`,
    });
  }
  if (fees?.sellReverted || fees?.externalTransferFailed) {
    out.push({
      level: "danger",
      title: "Selling may fail",
      text: `Test sales of ${symbol} failed${
        fees.externalTransferFailed ? " and transfers to other wallets failed" : ""
      }. You may be unable to sell it.`,
    });
  }
  return out.sort((a, b) => (a.level === b.level ? 0 : a.level === "danger" ? -1 : 1));
}

/** Blockaid fees are fractions (0.05 = 5%): as percent points. */
function positive(n: number | null | undefined): number | null {
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? n * 100 : null;
}

/**
 * The one rule for a token a trade must confirm before it is sent: the
 * project is spam, strongly warned about or blocked, or the token's
 * screening says malicious or spam. The token page's warnings
 * ({@linkcode tokenWarnings}) show the same cases as danger or spam.
 */
export function isFlagged(token: Pick<SafetyInput, "project" | "protectionInfo">): boolean {
  const level = token.project?.safetyLevel;
  const result = token.protectionInfo?.result;
  return token.project?.isSpam === true || level === "STRONG_WARNING" || level === "BLOCKED" ||
    result === "MALICIOUS" || result === "SPAM";
}

/** A `TokenProjects` answer as {@linkcode flaggedAddresses} reads it (schema field names). */
export interface FlagProjects {
  readonly tokenProjects?:
    | readonly ({
      readonly safetyLevel?: string | null;
      readonly isSpam?: boolean | null;
      readonly tokens?:
        | readonly ({
          readonly address?: string | null;
          readonly protectionInfo?: { readonly result?: string | null } | null;
        } | null)[]
        | null;
    } | null)[]
    | null;
}

/** The lower-case addresses among `addresses` that {@linkcode isFlagged} flags in a `TokenProjects` answer. */
export function flaggedAddresses(data: FlagProjects | null | undefined, addresses: readonly string[]): Set<string> {
  const wanted = new Set(addresses.map((a) => a.toLowerCase()));
  const flagged = new Set<string>();
  for (const project of data?.tokenProjects ?? []) {
    for (const token of project?.tokens ?? []) {
      const address = token?.address?.toLowerCase();
      if (!address || !wanted.has(address)) continue;
      if (isFlagged({ project, protectionInfo: token?.protectionInfo })) flagged.add(address);
    }
  }
  return flagged;
}
