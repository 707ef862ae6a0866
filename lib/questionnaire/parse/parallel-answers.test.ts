import { describe, expect, it } from "vitest";
import { subgroupLabel } from "./answer-lists";
import { dateShapedBlank } from "./numeric-cues";
import { parsePdfPage, parseText, questionById } from "../testing/parse-text";

// Answer lists recognised by their structure — the same shape repeated, codes running on — rather than by words.
const labels = (text: string, id: string) => parseText(text).then((ir) => questionById(ir, id).options.map((option) => option.label));

describe("dot-leader answers side by side (the same label-leader-code shape repeated on one line)", () => {
  it("splits a line holding two leader-coded answers, and a two-column code list read across", async () => {
    const text = [
      "K1. Is the shed connected to mains water?",
      "Connected ........ 1     Not connected ........ 2",
      "K2. What is the shed's floor made of?",
      "Earth ........ 1     Planks ........ 3",
      "Concrete ..... 2     Stone ......... 4",
      "K3. How many windows does it have?",
    ].join("\n");
    expect(await labels(text, "K1")).toEqual(["Connected", "Not connected"]);
    const ir = await parseText(text);
    expect(questionById(ir, "K2").options.map((option) => option.code).sort()).toEqual(["1", "2", "3", "4"]);
  });
});

describe("alternatives joined by bare slashes after the wording", () => {
  it("reads 'Label: A/B/C' and 'Question? A/B' as answers when the pieces are parallel", async () => {
    const text = ["1. Hive type: Frame/Top-bar/Log", "2. Do you smoke the bees? Always/Never", "3. Apiary notes: and/or", "4. Date: DD/MM/YYYY"].join("\n");
    expect(await labels(text, "1")).toEqual(["Frame", "Top-bar", "Log"]);
    expect(await labels(text, "2")).toEqual(["Always", "Never"]);
    expect(await labels(text, "3")).toEqual([]);
    expect(await labels(text, "4")).toEqual([]);
  });
});

describe("sub-group labels inside a coded answer list", () => {
  it("keeps one list when the codes run on across a short uncoded label", async () => {
    const text = ["B4. Where did you buy the seedlings?", "Local", "1 Market stall", "2 Neighbour", "Distant", "3 Garden centre", "4 Mail order", "5 Other", "B5. How many did you buy?"].join("\n");
    expect(await labels(text, "B4")).toEqual(["Market stall", "Neighbour", "Garden centre", "Mail order", "Other"]);
    const ir = await parseText(text);
    expect(questionById(ir, "B5").text).toBe("How many did you buy?");
  });
  it("is a label only between codes that run on by one", () => {
    expect(subgroupLabel("Distant", "2", "3")).toBe(true);
    expect(subgroupLabel("Distant", "2", "7")).toBe(false);
    expect(subgroupLabel("Which of these did you use?", "2", "3")).toBe(false);
    expect(subgroupLabel("Distant", undefined, "3")).toBe(false);
  });
});

describe("an answer space shaped as a date, in any language", () => {
  it("recognises slots, boxes and letter templates sized as day, month and year", () => {
    expect(dateShapedBlank("__/__/____")).toBe(true);
    expect(dateShapedBlank("|__|__|/|__|__|/|__|__|__|__|")).toBe(true);
    expect(dateShapedBlank("JJ/MM/AAAA")).toBe(true);
    expect(dateShapedBlank("TT.MM.JJJJ")).toBe(true);
    expect(dateShapedBlank("Dag |__|__| Maand |__|__| Jaar |__|__|__|__|")).toBe(true);
    expect(dateShapedBlank("Number of hives ____")).toBe(false);
    expect(dateShapedBlank("|__|__|")).toBe(false);
    expect(dateShapedBlank("AA/AA")).toBe(false);
  });
  it("makes a question with a date-shaped blank a date question", async () => {
    const ir = await parseText(["C1. Datum van de eerste oogst", "__/__/____", "C2. Aantal kasten |__|__|"].join("\n"));
    expect(questionById(ir, "C1").type).toBe("date");
  });
});

describe("a code legend closing the wording over uncoded items (items × legend → a grid)", () => {
  it("reads '(1=Yes 2=No)' over lettered items as the columns each item takes", async () => {
    const ir = await parseText(["H2. Does the farm keep any of these animals? (1=Yes 2=No)", "a. Geese ____", "b. Goats ____", "c. Bees ____", "H3. How many workers?"].join("\n"));
    const question = questionById(ir, "H2");
    expect(question.type).toBe("grid");
    expect(question.columns.map((column) => column.label)).toEqual(["Yes", "No"]);
    expect(question.rows).toHaveLength(3);
  });
  it("leaves a list coded with the legend's own codes a list, and a legend naming only a scale's ends alone", async () => {
    const ir = await parseText(["H4. Is the gate locked at night? (1=Yes 2=No)", "1. Yes", "2. No", "H5. Rate each tool (1=Poor 5=Excellent)", "a. Spade", "b. Rake", "H6. Next?"].join("\n"));
    expect(questionById(ir, "H4").type).toBe("single");
    expect(questionById(ir, "H5").columns.map((column) => column.label)).not.toEqual(["Poor", "Excellent"]);
  });
});

describe("answers coded in front, printed in columns and read across", () => {
  it("splits each line of a two-column code list into its answers", async () => {
    const text = ["G1. What do you feed the hens?", "1 Grain          4 Scraps", "2 Pellets        5 Insects", "3 Mash           6 Other", "G2. How many hens do you keep?"].join("\n");
    const ir = await parseText(text);
    expect(questionById(ir, "G1").options.map((option) => option.label).sort()).toEqual(["Grain", "Insects", "Mash", "Other", "Pellets", "Scraps"]);
  });
});

describe("a paper grid's column names over its coded rows", () => {
  it("names the columns by the line of short labels right over the rows, not by the question's own line", async () => {
    const ir = await parsePdfPage([
      { text: "4.", x: 40, y: 740, size: 10 },
      { text: "Which of these does the hut have?", x: 60, y: 740, size: 10 },
      { text: "Has", x: 300, y: 725, size: 10 },
      { text: "Lacks", x: 350, y: 725, size: 10 },
      ...["Stove", "Bunk", "Lamp"].flatMap((label, at) => [
        { text: label, x: 60, y: 710 - at * 15, size: 10 },
        { text: "1", x: 300, y: 710 - at * 15, size: 10 },
        { text: "2", x: 350, y: 710 - at * 15, size: 10 },
      ]),
      { text: "5.", x: 40, y: 650, size: 10 },
      { text: "How far is the nearest road?", x: 60, y: 650, size: 10 },
    ]);
    const question = questionById(ir, "4");
    expect(question.type).toBe("grid");
    expect(question.columns.map((column) => column.label)).toEqual(["Has", "Lacks"]);
    expect(question.rows.map((row) => row.label)).toEqual(["Stove", "Bunk", "Lamp"]);
  });
});

describe("a currency beside the blank asks for an amount, in any currency", () => {
  it("reads a currency sign before the blank or a currency code after it as a number field", async () => {
    const ir = await parseText(["1. Combien coûte un sac de semences?  ________ XOF", "2. Weekly spend on feed  ₵ ________", "3. Name of the cooperative ________"].join("\n"));
    expect(questionById(ir, "1").type).toBe("numeric");
    expect(questionById(ir, "2").type).toBe("numeric");
    expect(questionById(ir, "3").type).toBe("open");
  });
});

describe("one code list printed under several columns (mentions, persons) is one question's answers", () => {
  it("reads a table whose rows repeat one code under each mention column as a coded list", async () => {
    const ir = await parseText(
      [
        "T4. Which pest troubles your orchard most? And which next?",
        "",
        "| Code list | First pest | Second pest |",
        "| --- | --- | --- |",
        "| Aphids | 1 | 1 |",
        "| Codling moth | 2 | 2 |",
        "| Scale insects | 3 | 3 |",
        "| Birds | 4 | 4 |",
        "| None | 96 | 96 |",
        "",
        "T5. How many trees do you grow?",
      ].join("\n"),
      "orchard.md",
    );
    const question = questionById(ir, "T4");
    expect(question.type).toBe("single");
    expect(question.options.map((option) => option.code)).toEqual(["1", "2", "3", "4", "96"]);
  });
  it("reads a code list repeated under numbered person columns as the answers, with their codes", async () => {
    const row = (label: string, code: string, y: number) => [{ text: label, x: 60, y, size: 10 }, ...[0, 1, 2, 3].map((k) => ({ text: code, x: 300 + k * 40, y, size: 10 }))];
    const ir = await parsePdfPage([
      { text: "C3.", x: 40, y: 740, size: 10 },
      { text: "Does (NAME) own a boat?", x: 60, y: 740, size: 10 },
      ...["01", "02", "03", "04"].map((text, k) => ({ text, x: 300 + k * 40, y: 725, size: 10 })),
      ...row("Owns one", "1", 710),
      ...row("Shares one", "2", 695),
      ...row("None", "3", 680),
      { text: "C4.", x: 40, y: 655, size: 10 },
      { text: "How old is (NAME)?", x: 60, y: 655, size: 10 },
    ]);
    const question = questionById(ir, "C3");
    expect(question.type).toBe("single");
    expect(question.options.map((option) => `${option.code} ${option.label}`)).toEqual(["1 Owns one", "2 Shares one", "3 None"]);
  });
});

describe("slashed alternatives set apart from a numbered label", () => {
  it("reads 'N. Label      A / B / C' as the label's answers, in a text file as on a page", async () => {
    const ir = await parseText(["1. Kind of boat      Canoe / Dinghy / Yacht", "2. Insured      Yes / No", "3. Length of the boat ______"].join("\n"));
    expect(questionById(ir, "1").text).toBe("Kind of boat");
    expect(questionById(ir, "1").options.map((option) => option.label)).toEqual(["Canoe", "Dinghy", "Yacht"]);
    expect(questionById(ir, "2").options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });
});

describe("lettered answers printed in columns on a page", () => {
  it("keeps each answer's letter, and reads a lone line lettered like them as the next answer of its column", async () => {
    const at = (text: string, x: number, y: number) => ({ text, x, y, size: 10 });
    const ir = await parsePdfPage([
      at("6.", 40, 740),
      at("Which pet lives with you?", 60, 740),
      at("a) Cat", 60, 725),
      at("d) Rabbit", 260, 725),
      at("b) Dog", 60, 712),
      at("e) Parrot", 260, 712),
      at("c) Hamster", 60, 699),
      at("7.", 40, 670),
      at("How many pets do you have?", 60, 670),
    ]);
    const question = questionById(ir, "6");
    expect(question.options.map((option) => `${option.code} ${option.label}`).sort()).toEqual(["a Cat", "b Dog", "c Hamster", "d Rabbit", "e Parrot"]);
  });
});
