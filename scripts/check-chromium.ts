import fs from 'node:fs';

/** The e2e suite drives Debian's headless Chromium (decision 0292); it never downloads a browser of its own. */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}.\n` +
      'Install it with: sudo apt-get update && sudo apt-get install -y chromium-headless-shell\n' +
      '(or set CHROMIUM_PATH to a Chromium/Chrome binary). The tests never download a browser.',
  );
  process.exit(1);
}
