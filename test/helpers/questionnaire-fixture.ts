import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The 022 questionnaire (a Word document) of the shared fixture set, which may not be copied into the
 * project (licence, see test/fixtures/questionnaires/NOTICE): read from ../shared (a checkout beside the
 * project, or two levels up from a worktree) when present, else the project's own Word fixture 001.
 */
const SHARED = ["../shared/fixtures/questionnaires/files", "../../shared/fixtures/questionnaires/files"].map((dir) => path.resolve(process.cwd(), dir));
const NAME_022 = "022-music-streaming-payment-questionnaire.docx";
const FALLBACK = path.resolve(process.cwd(), "test/fixtures/questionnaires/files/001-delphi-covid-survey-2020-04.docx");

export function wordQuestionnaire(): { name: string; bytes: Buffer } {
  const shared = SHARED.map((dir) => path.join(dir, NAME_022)).find((file) => existsSync(file));
  const file = shared ?? FALLBACK;
  return { name: path.basename(file), bytes: readFileSync(file) };
}
