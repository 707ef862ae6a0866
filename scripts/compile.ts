/**
 * npm run --silent compile -- FILE [--format survey|ir] [--group-by question|section] [--no-ai]
 *
 * Compiles a questionnaire file and prints the survey document (default) or the questionnaire IR as JSON
 * on stdout. Audit findings go to stderr as one summary line. Unreadable input: exit code 1 and one line
 * on stderr saying what is wrong. A language model is used only when one is configured (see lib/ai).
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { getLanguageModel } from "@/lib/ai";
import { compileFile, isQuestionnaireError } from "@/lib/questionnaire";

interface Args {
  help?: boolean;
  file?: string;
  format: "survey" | "ir";
  groupBy: "question" | "section";
  ai: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { format: "survey", groupBy: "question", ai: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--format") args.format = argv[++i] === "ir" ? "ir" : "survey";
    else if (arg.startsWith("--format=")) args.format = arg.slice(9) === "ir" ? "ir" : "survey";
    else if (arg === "--group-by") args.groupBy = argv[++i] === "section" ? "section" : "question";
    else if (arg.startsWith("--group-by=")) args.groupBy = arg.slice(11) === "section" ? "section" : "question";
    else if (arg === "--no-ai") args.ai = false;
    else if (arg === "--help" || arg === "-h") {
      args.help = true;
    } else if (!args.file) args.file = arg;
  }
  return args;
}

function slugify(name: string): string {
  return name.toLowerCase().replace(/\.[a-z0-9]+$/i, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "survey";
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    process.stdout.write("Usage: npm run --silent compile -- FILE [--format survey|ir] [--group-by question|section] [--no-ai]\n");
    return 0;
  }
  if (!args.file) {
    process.stderr.write("error: no file given. Usage: npm run --silent compile -- FILE [--format survey|ir]\n");
    return 1;
  }
  let bytes: Uint8Array;
  try {
    const info = await stat(args.file);
    if (!info.isFile()) throw new Error("not a regular file");
    bytes = new Uint8Array(await readFile(args.file));
  } catch (error) {
    process.stderr.write(`error: cannot read ${args.file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}\n`);
    return 1;
  }
  const filename = path.basename(args.file);
  try {
    const model = args.ai ? getLanguageModel() : null;
    const result = await compileFile(bytes, {
      filename,
      survey: { id: "cli", slug: slugify(filename), name: filename.replace(/\.[a-z0-9]+$/i, "") },
      questionnaireRevision: null,
      groupBy: args.groupBy,
      model,
    });
    if (args.format === "ir") process.stdout.write(`${JSON.stringify(result.ir, null, 2)}\n`);
    else {
      result.document.survey.name = result.ir.title ?? result.document.survey.name;
      process.stdout.write(`${JSON.stringify(result.document, null, 2)}\n`);
    }
    const errors = result.issues.filter((issue) => issue.severity === "error").length;
    const { pages, blocks, rules, questions } = result.anatomy;
    process.stderr.write(`${filename}: ${questions} questions, ${pages} pages, ${blocks} blocks, ${rules} rules; ${result.issues.length} audit findings (${errors} errors)\n`);
    return 0;
  } catch (error) {
    if (isQuestionnaireError(error)) {
      process.stderr.write(`error: ${filename}: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`error: ${filename}: unexpected failure: ${(error as Error).message?.split("\n")[0] ?? String(error)}\n`);
    return 1;
  }
}

// Set the exit code and let Node exit on its own: process.exit() would cut off JSON still being written to a pipe.
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`error: ${(error as Error).message?.split("\n")[0] ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
