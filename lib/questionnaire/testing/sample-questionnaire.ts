import { buildDocx, type DocxBlock, LISTS } from "./docx-writer";
import { buildPdf, type PdfText } from "./pdf-writer";

/**
 * A synthetic market-research questionnaire of any length, written the way real ones are (sections,
 * printed ids, coded answers, grids, ASK IF filters, per-answer skips and screen-outs), rendered as .docx
 * and as a text PDF. Used by the performance benchmark and by tests that check what the benchmark feeds in.
 */

export type SampleKind = "single" | "multi" | "grid" | "open" | "numeric";

export interface SampleQuestion {
  id: string;
  kind: SampleKind;
  text: string;
  options: string[];
  rows: string[];
  askIf?: string;
  /** Per-answer routing written after the answer ("[SKIP TO Q12]", "[TERMINATE]"). */
  routes: Record<number, string>;
}

const SCALE = ["Strongly disagree", "Disagree", "Neither agree nor disagree", "Agree", "Strongly agree"];
const TOPICS = ["delivery", "prices", "the website", "customer service", "the mobile app", "packaging", "returns", "product quality", "the loyalty programme", "opening hours"];

export function sampleQuestions(count: number): SampleQuestion[] {
  const questions: SampleQuestion[] = [];
  for (let n = 1; n <= count; n++) {
    const id = `Q${n}`;
    const topic = TOPICS[n % TOPICS.length];
    const kind: SampleKind = (["single", "multi", "single", "grid", "open", "single", "numeric", "multi", "single", "single"] as const)[n % 10];
    const question: SampleQuestion = { id, kind, text: "", options: [], rows: [], routes: {} };
    switch (kind) {
      case "single":
        question.text = `How satisfied are you with ${topic}?`;
        question.options = ["Very satisfied", "Somewhat satisfied", "Neither satisfied nor dissatisfied", "Somewhat dissatisfied", "Very dissatisfied"];
        break;
      case "multi":
        question.text = `Which of the following have you used in the last month for ${topic}? (Select all that apply)`;
        question.options = ["Online chat", "Telephone", "E-mail", "In person", "Social media", "None of these"];
        break;
      case "grid":
        question.text = `How much do you agree with each statement about ${topic}?`;
        question.options = SCALE;
        question.rows = ["It is easy to use", "It is good value", "It meets my needs", "I would recommend it"];
        break;
      case "open":
        question.text = `What, if anything, would you improve about ${topic}?`;
        break;
      case "numeric":
        question.text = `How many times have you contacted us about ${topic} in the past year?`;
        break;
    }
    if (n % 10 === 5 && n > 10) question.askIf = `ASK IF Q${n - 4}=1,2`;
    if (n % 25 === 0 && n + 3 <= count && kind === "single") question.routes[5] = `SKIP TO Q${n + 3}`;
    if (n === 1) {
      question.text = "Are you 18 years or older?";
      question.options = ["Yes", "No"];
      question.kind = "single";
      question.routes[2] = "TERMINATE";
    }
    questions.push(question);
  }
  return questions;
}

function optionLine(question: SampleQuestion, index: number): string {
  const route = question.routes[index + 1];
  return `${question.options[index]} (${index + 1})${route ? ` [${route}]` : ""}`;
}

export function sampleDocx(count: number): Uint8Array {
  const questions = sampleQuestions(count);
  const blocks: DocxBlock[] = [{ runs: "Customer Experience Study", style: "Title" }, "Thank you for taking part in this survey. It takes about 20 minutes."];
  questions.forEach((question, index) => {
    if (index % 30 === 0) blocks.push({ runs: `Section ${Math.floor(index / 30) + 1}: Experience`, style: "Heading1" });
    if (question.askIf) blocks.push({ runs: [{ text: question.askIf, bold: true, color: "7030A0" }] });
    blocks.push({ runs: [{ text: `${question.id}.`, bold: true }, { text: ` ${question.text}` }] });
    if (question.kind === "grid") {
      blocks.push({ kind: "table", rows: [["", ...question.options.map((option, i) => `${option} (${i + 1})`)], ...question.rows.map((row, i) => [`${row} (${i + 1})`, ...question.options.map(() => "")])] });
    } else if (question.kind === "open" || question.kind === "numeric") {
      blocks.push("____________________");
    } else {
      question.options.forEach((_, i) => blocks.push({ runs: optionLine(question, i), num: { id: question.kind === "multi" ? 2 : 1 } }));
    }
  });
  blocks.push("END", "Thank you for completing the survey.");
  return buildDocx({ blocks, lists: [LISTS.radio(1), LISTS.box(2)], title: "Customer Experience Study" });
}

export function samplePdf(count: number): Uint8Array {
  const questions = sampleQuestions(count);
  const pages: PdfText[][] = [[]];
  let y = 720;
  const line = (text: string, x = 72, size = 10) => {
    if (y < 72) {
      pages.push([]);
      y = 720;
    }
    pages[pages.length - 1].push({ text, x, y, size });
    y -= size * 1.6;
  };
  line("Customer Experience Study", 72, 14);
  line("Thank you for taking part in this survey. It takes about 20 minutes.");
  questions.forEach((question, index) => {
    if (index % 30 === 0) line(`Section ${Math.floor(index / 30) + 1}: Experience`, 72, 12);
    if (y < 72 + 16 * 8) {
      pages.push([]);
      y = 720;
    }
    if (question.askIf) line(question.askIf);
    line(`${question.id}. ${question.text}`);
    if (question.kind === "grid") {
      const columns = question.options.map((option, i) => `${option.split(" ")[0]} (${i + 1})`);
      columns.forEach((column, i) => pages[pages.length - 1].push({ text: column, x: 250 + i * 65, y, size: 8 }));
      y -= 14;
      question.rows.forEach((row, r) => {
        pages[pages.length - 1].push({ text: `${row} (${r + 1})`, x: 80, y, size: 9 });
        columns.forEach((_, i) => pages[pages.length - 1].push({ text: "o", x: 265 + i * 65, y, size: 9 }));
        y -= 14;
      });
    } else if (question.kind === "open" || question.kind === "numeric") {
      line("____________________________________", 90);
    } else {
      question.options.forEach((_, i) => line(`${question.kind === "multi" ? "[ ]" : "o"} ${optionLine(question, i)}`, 90));
    }
  });
  line("END");
  line("Thank you for completing the survey.");
  return buildPdf(pages.map((texts) => ({ texts })));
}
