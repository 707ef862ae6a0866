import { describe, expect, it } from "vitest";
import type { IRQuestion } from "../ir";
import type { PdfText } from "../testing/pdf-writer";
import { parsePdfPage, questionsOf } from "../testing/parse-text";

const labels = (question: IRQuestion) => question.options.map((option) => option.label);
const row = (y: number, label: string, answer?: string, answerX = 320): PdfText[] => [
  { text: label, x: 80, y, size: 10 },
  ...(answer ? [{ text: answer, x: answerX, y, size: 10 }] : []),
];

describe("label-cell forms (a two-column table: label cells left, empty or marked answer cells right)", () => {
  it("reads every label cell as a question and the marked lines of its answer cell as its answers", async () => {
    const ir = await parsePdfPage([
      { text: "Household survey", x: 40, y: 760, size: 12 },
      { text: "Respondent details", x: 40, y: 740, size: 10 },
      ...row(725, "Name"),
      ...row(710, "Village"),
      ...row(695, "Main occupation"),
      ...row(680, "Do you own land?", "o Yes"),
      { text: "o No", x: 320, y: 665, size: 10 },
      ...row(650, "Main water source", "o Well"),
      { text: "o River", x: 320, y: 635, size: 10 },
      { text: "o Piped", x: 320, y: 620, size: 10 },
      ...row(605, "Number of rooms"),
      ...row(590, "Type of roof", "o Thatch"),
      { text: "o Metal sheet", x: 320, y: 575, size: 10 },
      { text: "o Tiles", x: 320, y: 560, size: 10 },
    ]);
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.text)).toEqual(["Name", "Village", "Main occupation", "Do you own land?", "Main water source", "Number of rooms", "Type of roof"]);
    expect(labels(qs[3])).toEqual(["Yes", "No"]);
    expect(labels(qs[4])).toEqual(["Well", "River", "Piped"]);
    expect(labels(qs[6])).toEqual(["Thatch", "Metal sheet", "Tiles"]);
    expect(qs[0].type).toBe("open");
    expect(qs[4].type).toBe("single");
    // The section title left of the label column is not a question.
    expect(qs.some((q) => /Respondent details/.test(q.text))).toBe(false);
  });

  it("joins a label that wraps beside its answers and splits answers printed side by side on one line", async () => {
    const ir = await parsePdfPage([
      { text: "Fiche de terrain", x: 40, y: 760, size: 12 },
      ...row(740, "Niveau d'études", "o Aucun"),
      { text: "o Primaire", x: 400, y: 740, size: 10 },
      { text: "o Secondaire", x: 480, y: 740, size: 10 },
      ...row(720, "Accès au crédit agricole", "o Oui"),
      ...row(705, "formel pendant l'année", "o Non"),
      ...row(690, "Commune"),
      ...row(675, "Type d'exploitation", "o Familiale"),
      { text: "o Coopérative", x: 320, y: 660, size: 10 },
    ]);
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.text)).toEqual(["Niveau d'études", "Accès au crédit agricole formel pendant l'année", "Commune", "Type d'exploitation"]);
    expect(labels(qs[0])).toEqual(["Aucun", "Primaire", "Secondaire"]);
    expect(labels(qs[1])).toEqual(["Oui", "Non"]);
    expect(labels(qs[3])).toEqual(["Familiale", "Coopérative"]);
  });

  it("leaves a numbered questionnaire with answers in a right column to its numbers", async () => {
    const ir = await parsePdfPage([
      ...row(740, "1. Do you own a car?", "o Yes"),
      { text: "o No", x: 320, y: 725, size: 10 },
      ...row(710, "2. Do you own a bicycle?", "o Yes"),
      { text: "o No", x: 320, y: 695, size: 10 },
      ...row(680, "3. Do you use the bus?", "o Yes"),
      { text: "o No", x: 320, y: 665, size: 10 },
      { text: "Please give a reason", x: 80, y: 650, size: 10 },
    ]);
    const qs = questionsOf(ir);
    expect(qs.map((q) => q.id)).toEqual(["1", "2", "3"]);
  });

  it("conditions every label row under an outer 'If yes,' / 'If no,' line on that answer of the question before it", async () => {
    const ir = await parsePdfPage([
      { text: "1. Are you a member of a cooperative? Yes / No", x: 40, y: 760, size: 10 },
      { text: "If yes,", x: 40, y: 745, size: 10 },
      ...row(730, "Name of the cooperative"),
      ...row(715, "Years of membership"),
      ...row(700, "Services used", "o Credit"),
      { text: "o Inputs", x: 320, y: 685, size: 10 },
      { text: "o Marketing", x: 320, y: 670, size: 10 },
      ...row(655, "Satisfied with the services", "o Yes"),
      { text: "o No", x: 320, y: 640, size: 10 },
      { text: "If no,", x: 40, y: 625, size: 10 },
      ...row(610, "Reason for not joining"),
      ...row(595, "Would you join in future", "o Yes"),
      { text: "o No", x: 320, y: 580, size: 10 },
      { text: "Livestock", x: 40, y: 560, size: 10 },
      ...row(545, "Number of cattle"),
    ]);
    const qs = questionsOf(ir);
    const member = qs.find((q) => q.id === "1")!;
    expect(labels(member)).toEqual(["Yes", "No"]);
    const yes = `{${member.variable}} = '1'`;
    const no = `{${member.variable}} = '2'`;
    const conditionOf = (text: string) => qs.find((q) => q.text === text)!.askIf.map((c) => c.condition);
    for (const text of ["Name of the cooperative", "Years of membership", "Services used", "Satisfied with the services"]) expect(conditionOf(text)).toEqual([yes]);
    for (const text of ["Reason for not joining", "Would you join in future"]) expect(conditionOf(text)).toEqual([no]);
    // The section title closes the block.
    expect(conditionOf("Number of cattle")).toEqual([]);
  });
});
