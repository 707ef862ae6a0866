import { describe, expect, it } from "vitest";
import { parseText, questionById } from "../testing/parse-text";

const labels = (options: { label: string }[]) => options.map((option) => option.label);

describe("markdown scale tables: a pipe table headed by scale points with statements as rows is one grid", () => {
  it("reads numbered scale points and labelled scale points as the grid's columns, the statements as its rows", async () => {
    const ir = await parseText(
      [
        "**Q1.** How much do you agree with each statement?",
        "",
        "| Statement | 1 | 2 | 3 | 4 | 5 |",
        "|---|---|---|---|---|---|",
        "| I like my job | | | | | |",
        "| My manager supports me | | | | | |",
        "| I would recommend my employer | | | | | |",
        "",
        "**Q2.** Wie zufrieden sind Sie mit …",
        "",
        "| | Sehr zufrieden | Zufrieden | Unzufrieden | Sehr unzufrieden |",
        "|---|---|---|---|---|",
        "| Ihrer Arbeit | | | | |",
        "| Ihrem Einkommen | | | | |",
      ].join("\n"),
      "q.md",
    );
    const q1 = questionById(ir, "Q1");
    expect(q1.type).toBe("grid");
    expect(labels(q1.columns)).toEqual(["1", "2", "3", "4", "5"]);
    expect(q1.rows).toHaveLength(3);
    const q2 = questionById(ir, "Q2");
    expect(q2.type).toBe("grid");
    expect(labels(q2.columns)).toEqual(["Sehr zufrieden", "Zufrieden", "Unzufrieden", "Sehr unzufrieden"]);
    expect(labels(q2.rows)).toEqual(["Ihrer Arbeit", "Ihrem Einkommen"]);
  });
});

describe("markdown code tables: a pipe table of codes and labels gives the answers of the question before it", () => {
  const table = (header: string) =>
    [`**Q4.** What is your marital status?`, "", `| ${header} |`, "|---|---|", "| 1 | Single |", "| 2 | Married |", "| 3 | Widowed |", "", "**Q5.** Do you smoke?", "", "| 1 | Yes |", "|---|---|", "| 2 | No |"].join("\n");

  it("takes the header row's column names as names in any language, never as an answer", async () => {
    for (const header of ["Code | Answer", "Código | Respuesta", "Kode | Antwort", "Valor | Etiqueta", "Cod. | Risposta", "Numer | Odpowiedź"]) {
      const ir = await parseText(table(header), "q.md");
      expect(labels(questionById(ir, "Q4").options), header).toEqual(["Single", "Married", "Widowed"]);
      expect(questionById(ir, "Q4").options.map((option) => option.code), header).toEqual(["1", "2", "3"]);
    }
  });

  it("reads a table without a header row from its first row", async () => {
    const ir = await parseText(table("Code | Answer"), "q.md");
    expect(questionById(ir, "Q5")).toMatchObject({ type: "single" });
    expect(labels(questionById(ir, "Q5").options)).toEqual(["Yes", "No"]);
  });

  it("keeps a first row that carries a code as an answer", async () => {
    const ir = await parseText(["**Q6.** Do you rent?", "", "| 1 | Yes, privately |", "|---|---|", "| 2 | Yes, social housing |", "| 3 | No |"].join("\n"), "q.md");
    expect(labels(questionById(ir, "Q6").options)).toEqual(["Yes, privately", "Yes, social housing", "No"]);
  });
});
