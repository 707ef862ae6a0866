import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // PGlite and pg are loaded at run time from node_modules, never bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "mammoth", "unpdf"],
  // No page of the app may be framed by another site (clickjacking of signed-in people), and no response
  // is content-sniffed. Not on the served objects (`/v1/_dev/objects/…`): these headers would replace the
  // route's own `Content-Security-Policy: default-src 'none'; sandbox`.
  async headers() {
    return [
      {
        source: "/((?!v1/_dev/objects/).*)",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Content-Type-Options", value: "nosniff" },
        ],
      },
    ];
  },
};

export default nextConfig;
