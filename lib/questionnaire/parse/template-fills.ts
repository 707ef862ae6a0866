import { classifyLine, type LogicalLine } from "./lines";

/**
 * A questionnaire printed from an unrendered mail-merge template (a Velocity or FreeMarker source: "${BddNumTel}",
 * "$!{Enq_AdresseRetourQL1}", "#if(${Sexe}=='F')e#end"): the print shows the names of the values the merge fills in,
 * not the values. Those names are no printed ids and no answers: "${Ue_QuiRepond3}" alone on a line names nothing the
 * respondent reads, a column of "${Address1}", "${Address2}" is an address, and "IDENTIFIANT : ${CalcIdentifiant}" is a
 * field of the covering letter filled in for each respondent, not a question labelled IDENTIFIANT.
 * Convention: a line made of fills and template directives only is dropped; a line that reads as an id followed by a
 * colon and a fill is text. (A numbered question that opens with a survey tool's piped value — "QID26. ${MEDICATION}
 * was given for …" — is a question all the same.)
 */

/** One fill: "${Name}" or "$!{Name}" (the quiet form), a name of letters, digits, "_" and ".". */
const FILL = /\$!?\{[A-Za-z_][\w.]{0,60}\}/g;
/** A template directive with its bracketed test: "#if(…)", "#elseif(…)", "#else", "#end", "#set(…)". */
const DIRECTIVE = /#(?:if|elseif|set|foreach)\([^()\n]{0,200}\)|#(?:else|end)\b/g;

/** A label, a colon, a fill: "IDENTIFIANT : ${CalcIdentifiant}". */
const LABEL_THEN_FILL = /^[\p{L}\p{N}_-]{1,40}\s?[:：]\s*\$!?\{/u;

/** Whether the text holds a fill. */
function hasFill(text: string): boolean {
  FILL.lastIndex = 0;
  return FILL.test(text);
}

/** Whether nothing but fills, directives and punctuation is printed. */
function fillsOnly(text: string): boolean {
  // (Directives first: a test holds fills of its own.)
  return !text.replace(DIRECTIVE, " ").replace(FILL, " ").replace(/[\s,.;:()\-–]+/g, "");
}

export function withoutTemplateFills(lines: LogicalLine[]): LogicalLine[] {
  if (!lines.some((line) => hasFill(line.text))) return lines;
  const out: LogicalLine[] = [];
  for (const line of lines) {
    const text = line.text.trim().slice(0, 2000);
    if (!hasFill(text)) {
      out.push(line);
      continue;
    }
    if (fillsOnly(text)) continue;
    const read = classifyLine(line);
    // (A field "LABEL : ${value}", not a numbered question that opens with a piped value: "Q26. ${MEDICATION} was …".)
    if (read.kind === "qid" && /^\$!?\{/.test(read.id.rest.trim()) && LABEL_THEN_FILL.test(text)) out.push({ ...line, script: { kind: "text" } });
    else out.push(line);
  }
  return out;
}
