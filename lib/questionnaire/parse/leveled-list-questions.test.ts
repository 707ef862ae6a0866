import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion, QuestionnaireIR } from "../ir";
import { buildDocx } from "../testing/docx-writer";
import { parseQuestionnaire } from "./index";

const questions = (ir: QuestionnaireIR) => ir.items.filter((item): item is IRQuestion => item.kind === "question");

describe("leveled list questions: list items with their answers one list level deeper", () => {
  it("reads unnumbered level-0 bullets as questions and their level-1 sub-bullets as answers", async () => {
    const item = (text: string, level: number) => ({ runs: [{ text }], num: { id: 1, level } });
    const bytes = buildDocx({
      lists: [{ id: 1, levels: [{ format: "bullet", text: "\uF0B7", font: "Symbol" }, { format: "bullet", text: "o", font: "Courier New" }] }],
      blocks: [
        "STAFF SURVEY ON SITE SAFETY",
        item("YOUR DEPARTMENT", 0),
        item("Production", 1),
        item("Logistics", 1),
        item("Office", 1),
        item("HAS THE SITE HELD A DRILL THIS YEAR", 0),
        item("Yes", 1),
        item("No", 1),
        item("HOW LONG HAVE YOU WORKED HERE", 0),
        item("Under a year", 1),
        item("One to five years", 1),
        item("Over five years", 1),
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "safety.docx" }));
    expect(questions(ir).map((question) => [question.text, question.options.length])).toEqual([
      ["YOUR DEPARTMENT", 3],
      ["HAS THE SITE HELD A DRILL THIS YEAR", 2],
      ["HOW LONG HAVE YOU WORKED HERE", 3],
    ]);
  });

  it("reads a question-level bullet with no sub-bullets as the next question, not one more answer of the question before", async () => {
    const item = (text: string, level: number) => ({ runs: [{ text }], num: { id: 1, level } });
    const bytes = buildDocx({
      lists: [{ id: 1, levels: [{ format: "bullet", text: "\uF0B7", font: "Symbol" }, { format: "bullet", text: "o", font: "Courier New" }] }],
      blocks: [
        "VISITOR CARD FOR THE HARBOUR MUSEUM",
        item("Which gallery did you start in?", 0),
        item("Ships", 1),
        item("Maps", 1),
        item("Did you join a guided walk today?", 0),
        item("Yes", 1),
        item("No", 1),
        item("How would you rate the café, from poor to excellent?", 0),
        item("How many people came with you?", 0),
        item("Would you come back for the winter lantern night?", 0),
        item("Certainly", 1),
        item("Perhaps", 1),
        item("Not likely", 1),
        item("What should we add to the map room?", 0),
      ],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "harbour.docx" }));
    expect(questions(ir).map((question) => [question.text, question.type, question.options.length])).toEqual([
      ["Which gallery did you start in?", "single", 2],
      ["Did you join a guided walk today?", "single", 2],
      ["How would you rate the café, from poor to excellent?", "open", 0],
      ["How many people came with you?", "numeric", 0],
      ["Would you come back for the winter lantern night?", "single", 3],
      ["What should we add to the map room?", "open", 0],
    ]);
  });
});

describe("a bulleted list of questions under a label that names them ('Questions:')", () => {
  const bullets = [{ format: "bullet" as const, text: "\uF0B7", font: "Symbol" }, { format: "bullet" as const, text: "o", font: "Courier New" }];
  const build = () => {
    const item = (id: number, text: string, level = 0) => ({ runs: [{ text }], num: { id, level } });
    return buildDocx({
      lists: [
        { id: 1, levels: bullets },
        { id: 2, levels: bullets },
      ],
      blocks: [
        "Aim of the pilot:",
        item(1, "Learn whether visitors find the new museum audio guide useful"),
        item(1, "Compare the audio guide with the printed leaflet"),
        "Questions:",
        item(2, "Describe one exhibit you remember from your visit"),
        item(2, "How easy was the audio guide to use?"),
        item(2, "Ask on a 1-5 scale", 1),
        item(2, "Would you recommend the museum to a friend?"),
        item(2, "Did you have trouble hearing the recordings?"),
        item(2, "If yes which rooms were too loud?", 1),
        "Sample: 30 visitors",
      ],
    });
  };

  it("reads the items as the questions (a deeper item that asks is a follow-up), and the bullets above the label as text", async () => {
    const ir = parseQuestionnaire(await extractDocument(build(), { filename: "pilot.docx" }));
    expect(questions(ir).map((question) => question.text)).toEqual([
      "Describe one exhibit you remember from your visit",
      "How easy was the audio guide to use?",
      "Would you recommend the museum to a friend?",
      "Did you have trouble hearing the recordings?",
      "If yes which rooms were too loud?",
    ]);
    const followUp = questions(ir)[4];
    expect(followUp.askIf.map((condition) => condition.condition)).toEqual([`{${questions(ir)[3].variable}} = '1'`]);
  });

  it("without a labelled list, a label with bullets under it stays a question with its answers", async () => {
    const item = (text: string, level = 0) => ({ runs: [{ text }], num: { id: 1, level } });
    const bytes = buildDocx({
      lists: [{ id: 1, levels: bullets }],
      blocks: ["Rooms you visited:", item("Sculpture hall"), item("Map room"), item("Garden")],
    });
    const ir = parseQuestionnaire(await extractDocument(bytes, { filename: "visit.docx" }));
    expect(questions(ir).map((question) => [question.text, question.options.length])).toEqual([["Rooms you visited:", 3]]);
  });
});
