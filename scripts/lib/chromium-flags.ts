/**
 * The flags every Chromium the project starts runs with (Debian's build, in a container as root):
 * no sandbox, no GPU, and none of the browser's own background fetches and updates.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
