/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The custom server (server/main.ts) owns security headers and the /api and /bridge routes.
  serverExternalPackages: ['better-sqlite3'],
  // `npm test` type-checks every tsconfig in its own stage before it builds (scripts/test.sh), so
  // its build does not run the same check again; `npm run build` alone still does.
  typescript: { ignoreBuildErrors: process.env.RPCSCOPE_TYPES_CHECKED === '1' },
};
export default nextConfig;
