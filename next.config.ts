import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // PGlite and pg are loaded at run time from node_modules, never bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "mammoth", "unpdf"],
};

export default nextConfig;
