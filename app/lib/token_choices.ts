/**
 * The choices of the token and pool pages that need no data: chart durations
 * and description languages. Apart from `token_data.ts` so that the browser
 * renders the switches without loading the query documents.
 *
 * @module
 */
import type { HistoryDuration } from "../../queries/graphql.ts";

/** Chart durations of the token and pool pages, with their button labels. */
export const DURATIONS: readonly { value: HistoryDuration; label: string }[] = [
  { value: "HOUR", label: "1H" },
  { value: "DAY", label: "1D" },
  { value: "WEEK", label: "1W" },
  { value: "MONTH", label: "1M" },
  { value: "YEAR", label: "1Y" },
];

/** Description languages: URL code, label and the query's include switch. */
export const LANGUAGES = [
  { code: "en", label: "English", include: null, field: null },
  {
    code: "es",
    label: "Español",
    include: "includeSpanish",
    field: "descriptionEsEs",
  },
  {
    code: "fr",
    label: "Français",
    include: "includeFrench",
    field: "descriptionFrFr",
  },
  {
    code: "ja",
    label: "日本語",
    include: "includeJapanese",
    field: "descriptionJaJp",
  },
  {
    code: "pt",
    label: "Português",
    include: "includePortuguese",
    field: "descriptionPtPt",
  },
  {
    code: "vi",
    label: "Tiếng Việt",
    include: "includeVietnamese",
    field: "descriptionViVn",
  },
  {
    code: "zh-hans",
    label: "简体中文",
    include: "includeChineseSimplified",
    field: "descriptionZhHans",
  },
  {
    code: "zh-hant",
    label: "繁體中文",
    include: "includeChineseTraditional",
    field: "descriptionZhHant",
  },
] as const;

/** A description language code. */
export type LanguageCode = (typeof LANGUAGES)[number]["code"];
