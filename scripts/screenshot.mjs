// Takes a screenshot of a running rpcscope page in Debian's Chromium: `node scripts/screenshot.mjs URL OUT.png [WIDTHxHEIGHT]`.
// For looking at the UI as a user would, by hand or from a script.
import { chromium } from '@playwright/test';

const [url, out = 'screenshots/page.png', size = '1440x900'] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/screenshot.mjs URL OUT.png [WIDTHxHEIGHT]');
  process.exit(2);
}
const [width, height] = size.split('x').map(Number);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ viewport: { width, height } });
page.on('console', (m) => { if (m.type() === 'error') console.error('console error:', m.text()); });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(Number(process.env.WAIT_MS ?? 800));
await page.screenshot({ path: out });
await browser.close();
console.log(out);
