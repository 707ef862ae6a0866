/**
 * A line that declares how to answer, read as the first answer: "Marcar apenas uma oval.", "Mark only one oval.",
 * "Plusieurs réponses possibles", "Select all that apply".
 *
 * Convention: a form prints the selection mode on its own line between the wording and the answers. When the
 * layout reader does not recognise the form (a print whose rows are not indented as expected), the line sits
 * among the plain answer lines and is counted as one more answer. A line that only declares the selection mode
 * (a form helper line, or a single/multiple-answer cue of the cue lexicon with at most a few more words) is an
 * instruction, whatever its position in the list.
 */
import { CUES } from "./cue-lexicon";
import { formHelper } from "./form-print";
import type { BodyPart, Segmentation } from "./segment";

/** The whole line is a selection cue ("Une seule réponse possible.", "(Mehrfachnennungen möglich)", "Select all that apply"). */
export const SELECTION_ONLY_LINE = new RegExp(
  `^[([]?\\s*(?:${CUES.single}|${CUES.multi}|(?:please\\s+)?(?:select|choose|mark|tick|check)\\s+(?:only\\s+)?(?:one|all that apply)(?:\\s+(?:answer|option|oval|box))?)\\p{L}{0,4}(?:\\s+[\\p{L}'’]{1,12}){0,3}\\s*[.:]?\\s*[)\\]]?$`,
  "iu",
);

export function readSelectionInstructionLines(segmentation: Segmentation): void {
  for (const item of segmentation.items) {
    if (item.kind !== "question") continue;
    const options = item.body.filter((part) => part.kind === "option");
    if (options.length < 3) continue;
    item.body = item.body.map((part): BodyPart => {
      if (part.kind !== "option" || part.option.code !== undefined && part.option.codeFirst) return part;
      const text = part.option.label.trim();
      if (!formHelper(text) && !SELECTION_ONLY_LINE.test(text)) return part;
      return { kind: "instruction", line: part.line, text };
    });
  }
}
