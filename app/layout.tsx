import type { Metadata, Viewport } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: 'rpcscope',
  description: 'A visual debugger for JSON-RPC 2.0',
  // The token arrives in the first URL: never send it on as a Referer.
  referrer: 'no-referrer',
};

export const viewport: Viewport = {
  colorScheme: 'light dark',
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="h-full overflow-hidden antialiased">{children}</body>
    </html>
  );
}
