/**
 * The Node.js versions the app runs on (package.json `engines`: >= 22; developed and tested on 24). On an
 * older Node the app says so in one line at start, and a production server stops instead of running on a
 * runtime its dependencies were not built for.
 */
export const MINIMUM_NODE_MAJOR = 22;
export const RECOMMENDED_NODE_MAJOR = 24;

/** The one line to print when `version` (e.g. "20.11.1") is too old, else null. */
export function unsupportedNodeMessage(version: string): string | null {
  const major = Number.parseInt(version.replace(/^v/, ""), 10);
  if (Number.isFinite(major) && major >= MINIMUM_NODE_MAJOR) return null;
  return `Node ${Number.isFinite(major) ? major : version} is not supported; use Node ${RECOMMENDED_NODE_MAJOR} (at least ${MINIMUM_NODE_MAJOR}).`;
}

/** Prints the line (once) and, in production, exits; returns whether the server may go on. */
export function checkNodeVersion(options: { version?: string; production: boolean; print?: (line: string) => void; exit?: (code: number) => void }): boolean {
  const message = unsupportedNodeMessage(options.version ?? process.versions.node);
  if (!message) return true;
  (options.print ?? ((line) => process.stderr.write(`${line}\n`)))(message);
  if (!options.production) return true;
  (options.exit ?? ((code) => process.exit(code)))(1);
  return false;
}
