export async function register() {
  // Only the Node.js server runs background work; the edge runtime and the build skip it.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/lib/server/start");
  await startServer();
}
