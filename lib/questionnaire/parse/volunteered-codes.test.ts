import { describe, expect, it } from "vitest";
import { parseText, questionsOf as questions } from "../testing/parse-text";

const parse = (text: string, filename = "interviewer-script.txt") => parseText(text, filename);

// An interviewer-read script printed one element per line without numbers: preamble, question, interviewer
// instructions, item stems, codes, and every closed question ends with the volunteered codes in parentheses.
const script = [
  "Now a few questions about your neighbourhood.",
  "Using this card, please tell me how satisfied you are with...",
  "READ OUT...",
  "...the parks near your home?",
  "...the bus services?",
  "Very dissatisfied",
  "Very satisfied",
  "(Refusal)",
  "(Don't know)",
  "Which of these shops, if any, have you used in the last month?",
  "Code all mentioned.",
  "Bakery",
  "Butcher",
  "Pharmacy",
  "None",
  "(Refusal)",
  "(Don't know)",
  "Please tell me, for each one, whether you use it often, sometimes or never?",
  "(Read out each item)",
  "Library",
  "Swimming pool",
  "Often",
  "Sometimes",
  "Never",
  "(Refusal)",
  "(Don't know)",
  "How long have you lived at this address?",
  "Please use this card.",
  "Less than a year",
  "One to five years",
  "More than five years",
  "(Refusal)",
  "(Don't know)",
].join("\n");

describe("volunteered codes (unnumbered interviewer scripts: '(Refusal)' / '(Don't know)' close each question)", () => {
  it("cuts the script into one question per code list", async () => {
    const ir = await parse(script);
    const found = questions(ir);
    expect(found.map((q) => q.text.split("\n").pop())).toEqual([
      "Using this card, please tell me how satisfied you are with...",
      "Which of these shops, if any, have you used in the last month?",
      "Please tell me, for each one, whether you use it often, sometimes or never?",
      "How long have you lived at this address?",
    ]);
    expect(found.every((q) => !q.printedId)).toBe(true);
  });

  it("reads item stems as a grid's rows over the shared codes", async () => {
    const [grid] = questions(await parse(script));
    expect(grid.type).toBe("grid");
    expect(grid.rows.map((row) => row.label)).toEqual(["the parks near your home?", "the bus services?"]);
    expect(grid.columns.map((column) => column.label)).toContain("Very satisfied");
  });

  it("keeps interviewer instructions out of the answers and counts the volunteered codes", async () => {
    const found = questions(await parse(script));
    expect(found[1].type).toBe("multi");
    expect(found[1].options.map((option) => option.label)).toEqual(["Bakery", "Butcher", "Pharmacy", "None", "(Refusal)", "(Don't know)"]);
    expect(found[3].type).toBe("single");
    expect(found[3].options).toHaveLength(5);
  });

  it("splits plain item lines from the scale the wording names when it asks 'for each one'", async () => {
    const grid = questions(await parse(script))[2];
    expect(grid.type).toBe("grid");
    expect(grid.rows.map((row) => row.label)).toEqual(["Library", "Swimming pool"]);
    expect(grid.columns.map((column) => column.label).slice(0, 3)).toEqual(["Often", "Sometimes", "Never"]);
  });

  it("leaves documents with fewer than three such code lists, or with question numbers, to the general segmenter", async () => {
    const numbered = script
      .split("\n")
      .map((line, index) => (/[?.]{1,3}$/.test(line) && !line.startsWith("...") && index % 2 === 0 ? `Q${index}. ${line}` : line))
      .join("\n");
    const ir = await parse(numbered);
    expect(questions(ir).some((q) => q.printedId)).toBe(true);
  });
});

describe("volunteered codes beside a field (telephone scripts)", () => {
  it("types a question with only 'don't know' / 'refused' codes under a number field as numeric, the codes exclusive", async () => {
    const text = [
      "Q1. How many times did you visit the dentist last year?",
      "ENTER NUMBER 0-30",
      "98 (VOL) Don't know",
      "99 (VOL) Refused",
      "",
      "Q2. How many houseplants do you keep?",
      "ENTER NUMBER",
      "98 (VOL) Don't know",
      "99 (VOL) Refused",
      "",
      "Q3. Which season do you like best?",
      "1 Spring",
      "2 Summer",
      "8 (VOL) Don't know",
    ].join("\n");
    const found = questions(await parseText(text));
    expect(found.map((question) => question.type)).toEqual(["numeric", "numeric", "single"]);
    expect(found[0].options.map((option) => [option.code, option.exclusive])).toEqual([
      ["98", true],
      ["99", true],
    ]);
  });
});
