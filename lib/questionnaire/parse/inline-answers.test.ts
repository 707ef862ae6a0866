import { describe, expect, it } from "vitest";
import { extractDocument } from "../extract";
import type { IRQuestion } from "../ir";
import { parseQuestionnaire } from "./index";
import { answersAfterSeparator, bracketedAlternatives, markedAnswersOnLine, markedScale, trailingAlternatives } from "./inline-answers";
import { parseText, questionsOf } from "../testing/parse-text";

describe("answers written after a separator on the question's line", () => {
  it("reads slash-separated alternatives after a dash or a colon", () => {
    expect(answersAfterSeparator("Age — Less than 18 / 18–25 / More than 35")).toEqual({
      question: "Age",
      answers: [
        { code: "1", label: "Less than 18" },
        { code: "2", label: "18–25" },
        { code: "3", label: "More than 35" },
      ],
    });
    expect(answersAfterSeparator("Do you favour gender-neutral language? — *Yes / No / Maybe*")?.answers.map((answer) => answer.label)).toEqual(["Yes", "No", "Maybe"]);
    expect(answersAfterSeparator("Typical study format: Individual / Group / Mixed")?.question).toBe("Typical study format");
  });

  it("reads alternatives separated by middle dots after a dash", () => {
    expect(answersAfterSeparator("Region — Coast · Highlands · Islands")?.answers.map((answer) => answer.label)).toEqual(["Coast", "Highlands", "Islands"]);
  });

  it("reads a run of answers separated by middle dots under the question, also where it wraps", async () => {
    const ir = parseQuestionnaire(
      await extractDocument(
        new TextEncoder().encode(
          ["**Q1.** How often do you cycle to work?", "`Daily` · `Weekly` · `Rarely` · `Never`", "", "**Q2.** Which of these do you carry? *(multi-select)*", "Spare tube · Pump · Rain", "jacket · Lights ·", "Lock", "", "**Q3.** Town size *(single)* — Village · Small town · City"].join("\n"),
        ),
        { filename: "q.md" },
      ),
    );
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.type, question.options.map((option) => option.label)])).toEqual([
      ["Q1", "single", ["Daily", "Weekly", "Rarely", "Never"]],
      ["Q2", "multi", ["Spare tube", "Pump", "Rain jacket", "Lights", "Lock"]],
      ["Q3", "single", ["Village", "Small town", "City"]],
    ]);
  });

  it("reads a numeric scale with end labels", () => {
    expect(answersAfterSeparator("Sleep quality: 1 (very poor) to 5 (very good)")?.answers.map((answer) => answer.label)).toEqual(["1 (very poor)", "2", "3", "4", "5 (very good)"]);
    expect(answersAfterSeparator("Mental demand during the task: 1–5.")?.answers).toHaveLength(5);
  });

  it("leaves formats, wording with slashes and plain sentences alone", () => {
    expect(answersAfterSeparator("Date of birth: DD / MM / YYYY")).toBeNull();
    expect(answersAfterSeparator("Do you use Windows / Mac at work?")).toBeNull();
    expect(answersAfterSeparator("Note: answer every question.")).toBeNull();
  });

  it("programs them as the question's answers", async () => {
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(["1. **Gender** — Male / Female", "2. Do you think gender sensitisation is important? — *Yes / No / Maybe*"].join("\n")), { filename: "q.md" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.text, question.type, question.options.map((option) => option.label)])).toEqual([
      ["Gender", "single", ["Male", "Female"]],
      ["Do you think gender sensitisation is important?", "single", ["Yes", "No", "Maybe"]],
    ]);
  });
});

describe("answers marked one by one on the question's line", () => {
  it("reads labels each followed by an empty box", () => {
    expect(markedAnswersOnLine("Sex: Female ( ) Male ( )")).toEqual({ wording: "Sex:", answers: ["Female", "Male"] });
    expect(markedAnswersOnLine("Do you own a garden? Yes [ ] No [ ] Not sure [ ]")?.answers).toEqual(["Yes", "No", "Not sure"]);
    expect(markedAnswersOnLine("Age: under 20 ( ) 21 – 30 ( ) 31 and above ( )")?.answers).toEqual(["under 20", "21 – 30", "31 and above"]);
  });

  it("reads labels each after a letter in brackets, from a", () => {
    expect(markedAnswersOnLine("Town [a] North [b] South [c] East")).toEqual({ wording: "Town", answers: ["North", "South", "East"] });
    expect(markedAnswersOnLine("How would you rate it? (a) Bad, (b) Fair, (c) Good")?.answers).toEqual(["Bad", "Fair", "Good"]);
  });

  it("leaves wording with a single box or an aside in brackets alone", () => {
    expect(markedAnswersOnLine("Please tick ( ) the answer that applies.")).toBeNull();
    expect(markedAnswersOnLine("Which of (a) the rules applies to you?")).toBeNull();
  });

  it("programs them as the question's answers, and a heading after them opens no answer", async () => {
    const text = ["1. Sex: Female ( ) Male ( )", "2. Which season do you prefer? (a) Dry (b) Rainy", "", "Weather and crops", "", "3. Do you grow maize? Yes ( ) No ( )"].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.type, question.options.map((option) => option.label)])).toEqual([
      ["1", "single", ["Female", "Male"]],
      ["2", "single", ["Dry", "Rainy"]],
      ["3", "single", ["Yes", "No"]],
    ]);
  });
});

describe("answers printed as a bracketed list under the question", () => {
  it("reads capitalised alternatives and leaves instructions alone", () => {
    expect(bracketedAlternatives("(Yes/No)")).toEqual(["Yes", "No"]);
    expect(bracketedAlternatives("[Male / Female / Other]")).toEqual(["Male", "Female", "Other"]);
    expect(bracketedAlternatives("(tick/circle one)")).toBeNull();
    expect(bracketedAlternatives("(Yes)")).toBeNull();
  });

  it("programs the list as answers, an open 'Why?' prompt as part of the question, and a repeated number as the next question", async () => {
    const text = [
      "Part 1. Adverts",
      "",
      "1.Have you seen the adverts?",
      "        (Yes/No)",
      "        Why?",
      "",
      "2. Do you understand the tips?",
      "        (Yes/No)",
      "",
      "2.If yes, were they helpful to you?",
      "        (Yes/No)",
      "        Why?",
    ].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.text, question.type, question.options.map((option) => option.label)])).toEqual([
      ["Have you seen the adverts?", "single", ["Yes", "No"]],
      ["Do you understand the tips?", "single", ["Yes", "No"]],
      ["If yes, were they helpful to you?", "single", ["Yes", "No"]],
    ]);
  });
});

describe("a scale printed as marked points between its end labels", () => {
  it("reads the points in sequence and names the ends", () => {
    expect(markedScale("Very easy ○ 1 ○ 2 ○ 3 ○ 4 ○ 5 Very difficult")?.map((point) => point.label)).toEqual(["1 (Very easy)", "2", "3", "4", "5 (Very difficult)"]);
    expect(markedScale("○ 1 ○ 2 ○ 3")?.map((point) => point.code)).toEqual(["1", "2", "3"]);
    expect(markedScale("○ Yes ○ No")).toBeNull();
    expect(markedScale("Easy ○ 1 ○ 3 Hard")).toBeNull();
  });

  it("programs the line under the wording as the answers, one of them ('[Multiple Choice]' over circles is one answer)", async () => {
    const text = ["4. How difficult was the application?[Multiple Choice]", "Very easy ○ 1 ○ 2 ○ 3 ○ 4 ○ 5 Very difficult", "5. How long did it take? [Multiple Choice]", "○ One week", "○ Two weeks"].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((question) => [question.id, question.type, question.options.length])).toEqual([
      ["4", "single", 5],
      ["5", "single", 2],
    ]);
  });
});

describe("answers as a bracketed list closing the wording", () => {
  it("reads capitalised alternatives after the question, never a typing format", () => {
    expect(trailingAlternatives("Have you read the guide (available online)? (Yes/No)")).toEqual({ question: "Have you read the guide (available online)?", answers: ["Yes", "No"] });
    expect(trailingAlternatives("What is your date of birth? (DD/MM/YYYY)")).toBeNull();
    expect(trailingAlternatives("Which option (A/B) did you see first")).toBeNull();
  });

  it("reads the bracketed answers on the last line of a wrapped question", async () => {
    const text = [
      "1. Have you ever had to wait outside a closed library",
      "   on a cold evening? (Yes / No / Not sure)",
      "2. How often do the lifts at your station fail when you",
      "   need them? (Never / Rarely / Often)",
      "3. What would you change first?",
      "   (Open text)",
    ].join("\n");
    const list = questionsOf(await parseText(text, "survey.md"));
    expect(list.map((question) => [question.type, question.options?.map((option) => option.label) ?? []])).toEqual([
      ["single", ["Yes", "No", "Not sure"]],
      ["single", ["Never", "Rarely", "Often"]],
      ["open", []],
    ]);
    expect(list[0].text).toBe("Have you ever had to wait outside a closed library\non a cold evening?");
  });
});

describe("boxed answers on the question's line after a note on how to answer", () => {
  it("reads '○' answers after a bracketed note, also where a box touches its label", async () => {
    const text = [
      "Part A: About you",
      "1. Your sector: (Single choice) ○ Retail ○ Transport ○Health ○ Other",
      "2. Your team size: (Select one) ○ 1-5 ○6-20 ○ More than 20",
      "3. Your region: ○ North ○ South",
    ].join("\n");
    const ir = await parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "q.txt" }));
    const list = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(list.map((question) => question.options?.map((option) => option.label))).toEqual([
      ["Retail", "Transport", "Health", "Other"],
      ["1-5", "6-20", "More than 20"],
      ["North", "South"],
    ]);
    expect(list.every((question) => question.type === "single")).toBe(true);
  });
});

describe("the first answer of a boxed column printed on the wording's line", () => {
  it("takes the box and label after the wording as the first answer when the same boxes follow below", async () => {
    const text = [
      "4. Garden pests — slugs ☐ 0 Never seen",
      "☐ 1 Seen this year",
      "☐ 2 Seen in past years",
      "☐ 9 Not sure",
      "5. Garden pests — aphids ☐ 0 Never seen",
      "☐ 1 Seen this year",
      "☐ 9 Not sure",
    ].join("\n");
    const ir = parseQuestionnaire(await extractDocument(new TextEncoder().encode(text), { filename: "pests.txt" }));
    const questions = ir.items.filter((item): item is IRQuestion => item.kind === "question");
    expect(questions.map((q) => q.text)).toEqual(["Garden pests — slugs", "Garden pests — aphids"]);
    expect(questions[0].options.map((o) => [o.code, o.label])).toEqual([
      ["0", "Never seen"],
      ["1", "Seen this year"],
      ["2", "Seen in past years"],
      ["9", "Not sure"],
    ]);
    expect(questions[1].options).toHaveLength(3);
  });
});

describe("answers with a bracketed code each on the question's line", () => {
  it("reads '(0)No (1)Yes (9)DK' after the wording's blank as coded answers, with the route printed after one of them", async () => {
    const ir = await parseText(["K1. Do you smoke? __     (0)No→K4 (1)Yes (9)DK", "", "K2. How many a day? ____", "", "K4. How old are you? ____", ""].join("\n"));
    const k1 = questionsOf(ir)[0];
    expect(k1.text).toBe("Do you smoke?");
    expect(k1.options.map((option) => [option.code, option.label])).toEqual([["0", "No"], ["1", "Yes"], ["9", "DK"]]);
    expect(k1.options[0].route).toEqual({ kind: "question", ref: "K4" });
  });

  it("does not read a scale legend whose codes jump ('(1) poor … (5) excellent') as two answers", async () => {
    const ir = await parseText(["K1. How is the service? (1) poor to (5) excellent", "", "K2. Your age? ____", ""].join("\n"));
    expect(questionsOf(ir)[0].options.map((option) => option.code)).not.toEqual(["1", "5"]);
  });
});

describe("numbered answers set side by side on one line", () => {
  it("reads each numbered code on the line as an answer, also a code list printed in two columns and read across", async () => {
    const text = [
      "H1. Does [NAME] hold a library card?",
      "    1. Yes      2. No      3. Does not know",
      "",
      "H2. How does [NAME] usually travel to town?",
      "    1. On foot                 4. Bus",
      "    2. Bicycle                 5. Car",
      "    3. Motorbike               6. Other",
      "",
      "H3. How many rooms does the dwelling have?",
      "    ____",
    ].join("\n");
    const list = questionsOf(await parseText(text));
    expect(list.map((question) => question.id)).toEqual(["H1", "H2", "H3"]);
    expect(list[0].options?.map((option) => `${option.code} ${option.label}`)).toEqual(["1 Yes", "2 No", "3 Does not know"]);
    expect(list[1].options?.map((option) => option.code).sort()).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(list[1].type).toBe("single");
  });
});
