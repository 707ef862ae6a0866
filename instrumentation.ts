export async function register() {
  // Only the Node.js server runs background work; the edge runtime and the build skip it.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before anything else: on an unsupported Node say so in one line (and stop in production).
  const { checkNodeVersion } = await import("@/lib/server/node-version");
  if (!checkNodeVersion({ production: process.env.NODE_ENV === "production" })) return;
  const { startServer } = await import("@/lib/server/start");
  await startServer();
}
