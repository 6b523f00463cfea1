/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The custom server (server/main.ts) owns security headers and the /api and /bridge routes.
  serverExternalPackages: ['better-sqlite3'],
};
export default nextConfig;
