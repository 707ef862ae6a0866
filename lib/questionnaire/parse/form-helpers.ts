/**
 * The helper lines a printed web form (a Google Forms print and the forms built like it) sets under each question to
 * declare how it is answered — "Mark only one oval.", "Tick all that apply.", "Mark only one oval per row." — in the
 * languages forms are printed in. Kept apart from form-print.ts so that the line classifier can read a helper line
 * as an instruction in any language (it never asks and is never an answer).
 */

/** Helper lines in the languages forms are printed in: "only one" answer, or "all that apply". */
const HELPER_SINGLE =
  /^(?:mark only one oval|une seule réponse possible|marca solo un óvalo|markieren sie nur ein oval|marcar apenas uma oval|contrassegna solo un ovale)\.?$/i;
/**
 * "Mark only one oval per row.": the helper line of a choice grid. Under it the form prints the scale points as
 * column headers and the statements as rows, each row with its own ovals: the statements are the grid's rows,
 * not a scale or a list of answers to read as one.
 */
const HELPER_GRID =
  /^(?:mark only one oval per row|une seule réponse possible par ligne|marca solo un óvalo por fila|markieren sie nur ein oval pro zeile|marcar apenas uma oval por linha|contrassegna solo un ovale per riga|(?:tick|check) all that apply per row|plusieurs réponses possibles par ligne)\.?$/i;
const HELPER_MULTI =
  /^(?:(?:tick|check) all that apply|plusieurs réponses possibles|selecciona todos los que correspondan|wählen sie alle zutreffenden antworten aus|marque todas que se aplicam|seleziona tutte le voci applicabili)\.?$/i;

export type FormHelper = "single" | "multi" | "grid";

/** The selection mode a form's helper line declares, or null when the line is not a helper line. */
export function formHelper(text: string): FormHelper | null {
  const value = text.trim();
  if (HELPER_SINGLE.test(value)) return "single";
  if (HELPER_MULTI.test(value)) return "multi";
  if (HELPER_GRID.test(value)) return "grid";
  return null;
}

