import { describe, expect, it } from "vitest";
import { type PdfText } from "../testing/pdf-writer";
import { parsePdfPages, parseText, questionsOf } from "../testing/parse-text";

describe("variable codes printed beside the question (coded paper forms)", () => {
  it("reads a code at the right of the wording, alone between wrapped lines or on the first line, as the question's id", async () => {
    const ir = await parseText(
      [
        "GÊNERO V1",
        "Masculino 1",
        "Feminino 2",
        "V2",
        "IDADE ______",
        "Já perdeu alguma oportunidade por não ter os V3",
        "estudos completos?",
        "Sim 1",
        "Não 2",
        "Você já se sentiu discriminado",
        "V4",
        "por ser um estudante?",
        "Sim 1",
        "Não 2",
        "Qual o principal motivo que fez você parar de",
        "V5 estudar?",
        "Trabalho 1",
        "Família 2",
        "Saúde 3",
        "Com que frequência você lê coisas que V6",
        "não estão ligadas à escola?",
        "Nunca 1",
        "Às vezes 2",
        "Sempre 3",
        "Estado civil V7",
        "Solteiro 1",
        "Casado 2",
        "Renda familiar V8",
        "Até um salário 1",
        "Mais de um salário 2",
        "Você tem filhos? V9",
        "Sim 1",
        "Não 2",
        "Você mora com a família? V10",
        "Sim 1",
        "Não 2",
      ].join("\n"),
    );
    const found = questionsOf(ir);
    expect(found.map((question) => question.id)).toEqual(["V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9", "V10"]);
    const flat = (text: string) => text.replace(/\s+/g, " ");
    expect(flat(found[2].text)).toBe("Já perdeu alguma oportunidade por não ter os estudos completos?");
    expect(flat(found[3].text)).toBe("Você já se sentiu discriminado por ser um estudante?");
    expect(found[4].options).toHaveLength(3);
  });

  it("leaves ids printed before the wording and codes that do not run as a numbering alone", async () => {
    const ir = await parseText(["Q1 Which model do you own? A4", "Basic 1", "Plus 2", "Q2 Where did you buy it? B7", "Online 1", "Shop 2"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1", "Q2"]);
  });
});

describe("a running header printed on every page", () => {
  it("drops a block of header lines repeated at the top of every page", async () => {
    const header = (page: number, y: number): PdfText[] => [
      { text: "Pedagogia", x: 320, y, size: 9 },
      { text: "Perfil discente da EJA", x: 320, y: y - 12, size: 9 },
      { text: `Prof.: Ana Souza — página ${page}`.replace(/ — página \d/, ""), x: 320, y: y - 24, size: 9 },
    ];
    const question = (number: number, y: number): PdfText[] => [
      { text: `${number}. Você trabalha atualmente?`, x: 40, y, size: 11 },
      { text: "Sim 1", x: 60, y: y - 16, size: 10 },
      { text: "Não 2", x: 60, y: y - 32, size: 10 },
    ];
    const ir = await parsePdfPages([1, 2, 3].map((page) => [...header(page, 800), ...question(page * 2 - 1, 740), ...question(page * 2, 660)]));
    const found = questionsOf(ir);
    expect(found).toHaveLength(6);
    expect(JSON.stringify(ir.items)).not.toMatch(/Perfil discente|Pedagogia/);
  });
});
