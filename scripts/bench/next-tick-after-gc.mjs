// Does decision 0086's pin still pay on this Node? Times process.nextTick before and after full
// garbage collections taken while the queue is empty, without and with one queue entry kept alive.
// Run: node --expose-gc scripts/bench/next-tick-after-gc.mjs [pin]   (compare the two lines)
const pin = process.argv[2] === 'pin';
let kept;
if (pin) {
  const { createHook } = await import('node:async_hooks');
  const hook = createHook({
    init(_a, type, _t, r) {
      if (type === 'TickObject') kept ??= r;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
}
if (pin && !kept) throw new Error('no nextTick entry was caught to keep');
const noop = () => {};
async function round() {
  const n = 200000;
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    process.nextTick(noop);
    if (i % 100 === 99) await new Promise((r) => setImmediate(r));
  }
  await new Promise((r) => setImmediate(r));
  return Number(process.hrtime.bigint() - t) / n;
}
const before = [];
for (let i = 0; i < 5; i++) before.push(await round());
for (let i = 0; i < 3; i++) {
  await new Promise((r) => setImmediate(r));
  globalThis.gc();
}
const after = [];
for (let i = 0; i < 5; i++) after.push(await round());
const med = (a) => a.sort((x, y) => x - y)[2].toFixed(0);
console.log(`${pin ? 'pinned  ' : 'unpinned'} ns per nextTick: before GC ${med(before)}, after GC ${med(after)}`);
