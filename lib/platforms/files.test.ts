import { describe, expect, it } from "vitest";
import { FORMATS } from "./formats";
import { SOURCE_FILES, sourceFileName } from "./files";
import { EXTERNAL_PLATFORMS } from "./index";
import { constructsSurvey } from "./testing/surveys";

describe("source files of content revisions", () => {
  it("download each platform's export with the extension and media type its exporter declares", () => {
    for (const platform of EXTERNAL_PLATFORMS) {
      const exported = FORMATS[platform].exportSurvey(constructsSurvey());
      expect({ platform, extension: SOURCE_FILES[platform].extension, mediaType: SOURCE_FILES[platform].mediaType }).toEqual({
        platform,
        extension: exported.extension,
        mediaType: exported.mediaType,
      });
    }
  });

  it("name the file after the survey, the platform and the revision, with only filename-safe characters", () => {
    expect(sourceFileName("music-022", "qualtrics", 2)).toBe("music-022-qualtrics-r2.qsf");
    expect(sourceFileName("a/b\"c d", "limesurvey", 12)).toBe("a-b-c-d-limesurvey-r12.lss");
    expect(sourceFileName("", "decipher", 1)).toBe("survey-decipher-r1.xml");
  });
});
