import type { TBlockType } from "@/lib/survey-document/schemas";

/** Block types as people call them (a plain module, so server and client components share it). */
export const TYPE_LABELS: Record<TBlockType, string> = {
  text: "Information text (no answer)",
  single_choice: "Single choice",
  multiple_choice: "Multiple choice",
  dropdown: "Dropdown",
  matrix: "Grid (matrix)",
  open_text: "Open text",
  number: "Number",
  date: "Date",
  rating: "Rating scale",
  nps: "Net Promoter Score (0–10)",
  ranking: "Ranking",
};
