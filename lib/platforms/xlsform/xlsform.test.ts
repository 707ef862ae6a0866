import { describe, expect, it } from "vitest";
import { definitionFormatOf, importDefinition } from "../formats";
import { buildDocument } from "../linear";
import { exportLimeSurvey } from "../limesurvey/export";
import { importLimeSurvey } from "../limesurvey/import";
import { comparePaths } from "../simulate";
import { fixtureBytes } from "../testing/surveys";
import { importXlsForm, XlsFormError } from "./import";
import { Workbook } from "./workbook";

const survey = { id: "s", slug: "s", name: "form" };

describe("XLSForm import of a real form (017, UCL biomass plot, Swahili and English)", () => {
  const bytes = fixtureBytes("questionnaires/files/017-ucl-biomass-plot-xlsform-sw-en.xlsx")!;
  const imported = importXlsForm(bytes);
  const document = buildDocument(imported, survey);
  const blocks = document.pages.flatMap((page) => page.blocks);
  const questions = blocks.filter((block) => block.config.question);
  const config = (variable: string) => questions.find((block) => block.config.question!.variable === variable)!.config;
  const codes = imported.warnings.map((warning) => warning.code);

  it("reads the workbook's survey, choices and settings sheets", () => {
    const workbook = new Workbook(bytes);
    expect(workbook.sheetNames).toEqual(["survey", "choices", "settings"]);
    expect(workbook.sheet("settings")![1][0]).toBe("Swahili (sw)");
    expect(definitionFormatOf(bytes, "anything.bin")).toBe("xlsform");
    expect(importDefinition(bytes, "form.xlsx", survey)).toMatchObject({ format: "xlsform", platform: null });
  });

  it("imports the 54 input fields (calculations and metadata left out, with warnings) in the settings' default language", () => {
    expect(questions).toHaveLength(54);
    expect(blocks.filter((block) => block.config.type === "text")).toHaveLength(3);
    expect(codes).toEqual(expect.arrayContaining(["calculation_unsupported", "metadata_skipped"]));
    // default_language is "Swahili (sw)": labels and hints come from the label::Swahili (sw) columns.
    expect(config("leader_name").content).toBe("Jina Lako\n\nChagua moja");
    expect(config("leader_name")).toMatchObject({ type: "single_choice", question: { required: true, options: [{ value: "Aloyce" }, { value: "Andrea" }, { value: "other", label: "Mwingine" }] } });
    expect(config("disturbance")).toMatchObject({ type: "multiple_choice" });
    expect(config("disturbance").question!.options).toHaveLength(7);
    expect(config("canopy_cover")).toMatchObject({ type: "number" });
    expect(config("bole_height").question!.required).toBe(false);
  });

  it("translates relevant expressions (typographic quotes included) and turns a repeat's relevant into its page's guard", () => {
    expect(config("leader_name_other").showIf).toBe("{leader_name} = 'other'");
    expect(config("decay_class").showIf).toBe("{health_id} = 'dead'");
    expect(config("tree_photo").showIf).toBe("{cbh} >= 200");
    const trees = document.pages.findIndex((page) => page.blocks.some((block) => block.config.question?.variable === "tag"));
    const asking = document.pages[trees - 1];
    expect(asking.navigation_rules[0]).toMatchObject({ condition: "{any_trees} = 'yes'", target_page_id: document.pages[trees].id });
  });

  it("names everything it cannot carry over: external choice files, repeats, constraints, media inputs, dynamic required", () => {
    expect(config("region_id")).toMatchObject({ type: "dropdown", question: { options: [] } });
    expect(imported.warnings.filter((warning) => warning.code === "choices_external")).toHaveLength(8);
    expect(imported.warnings.filter((warning) => warning.code === "repeat_unsupported").map((warning) => warning.element)).toEqual([
      "row 29 (trees, begin repeat)",
      "row 39 (stems, begin repeat)",
      "row 50 (stumps, begin repeat)",
      "row 65 (subplot1, begin repeat)",
      "row 73 (subplot2, begin repeat)",
    ]);
    expect(imported.warnings).toContainEqual(expect.objectContaining({ code: "constraint_unsupported", element: "row 35 (tree_distance, decimal)" }));
    expect(imported.warnings).toContainEqual(expect.objectContaining({ code: "required_unsupported", element: "row 45 (stem_height, decimal)" }));
    expect(imported.warnings).toContainEqual(expect.objectContaining({ code: "type_unsupported", element: "row 20 (center_point, geopoint)" }));
  });

  it("keeps every respondent path through an LSS export and back", () => {
    const again = buildDocument(importLimeSurvey(exportLimeSurvey(document).source), document.survey);
    expect(comparePaths(document, again, 1000).rate).toBe(1);
  });
});

describe("XLSForm import of the XLSForm spec test (018)", () => {
  const imported = importXlsForm(fixtureBytes("questionnaires/files/018-xlsform-spec-test.xlsx")!);
  const document = buildDocument(imported, survey);
  const questions = document.pages.flatMap((page) => page.blocks).filter((block) => block.config.question);
  const config = (variable: string) => questions.find((block) => block.config.question!.variable === variable)!.config;

  it("uses the form title, the first language column when no default language is set, and the appearance for dropdowns", () => {
    expect(imported.name).toBe("Spec test");
    expect(config("my_name").content).toBe("Enter your name");
    expect(config("autocomplete_test")).toMatchObject({ type: "dropdown" });
    expect(config("select_multiple_test")).toMatchObject({ type: "multiple_choice", question: { options: [{ value: "yes", label: "Yes" }, { value: "no", label: "No" }] } });
    expect(config("required_text").question!.required).toBe(true);
    expect(config("date_test")).toMatchObject({ type: "date" });
  });

  it("turns the group's not(selected(…)) relevant into a skip over the group's page, and the bare `end` row into metadata", () => {
    const first = document.pages[0];
    expect(first.blocks[0].config.question!.variable).toBe("skip_to_end");
    expect(first.navigation_rules[0]).toMatchObject({ condition: "not {skip_to_end} = 'yes'", target_page_id: document.pages[1].id });
    expect(document.pages[1].blocks.some((block) => block.config.question?.variable === "phonenumber")).toBe(false);
    expect(imported.warnings).toContainEqual(expect.objectContaining({ code: "metadata_skipped", element: "start, end, today, deviceid, uri_deviceid, phonenumber" }));
    expect(imported.warnings).toContainEqual(expect.objectContaining({ code: "logic_unsupported", element: "row 7 (email_note, note)" }));
  });
});

describe("XLSForm import errors", () => {
  it("rejects bytes that are not a workbook, and a workbook without a survey sheet", () => {
    expect(() => importXlsForm(new TextEncoder().encode("type\tname"))).toThrow(XlsFormError);
    const docx = fixtureBytes("questionnaires/files/001-delphi-covid-survey-2020-04.docx")!;
    expect(() => importXlsForm(docx)).toThrow(XlsFormError);
    expect(definitionFormatOf(docx, "form.xlsx")).toBeNull();
  });
});
