import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { PROBE_PREFIX } from './bench/event-loop-probe';
import { Client, percentile, uploadForm } from './lib/http-client';
import { START_NODE_FLAGS, spawnTsServer, type ServerProcess } from './lib/server-process';

/**
 * The complete-workbook benchmark of issue 26 (decision 0121; docs/benchmarks.md, "Complete
 * workbook"): uploads `--weeks` frameworks of `--mb` MB each (real PDFs: pages of incompressible
 * noise images) to the server as shipped (the compiled server, built first if needed, with `npm
 * start`'s Node options, production mode, a fresh DATA_DIR), then downloads the
 * complete workbook once, cold, and reports
 *
 * - the first answer of the download URL (200 bytes, or 202 "being prepared") and its time,
 * - the time until the file is ready, and its size,
 * - server memory growth (RSS, which includes the worker thread) from before the download to the
 *   peak while building, and the event-loop delay p99 and max inside the server meanwhile,
 * - the latency p99 of other requests (GET /api/config every 10 ms) meanwhile.
 *
 *   npx tsx scripts/bench-workbook.ts                 # 52 x 10 MB: the figure of the issue
 *   npx tsx scripts/bench-workbook.ts --weeks 4 --mb 2 # a quick check that it runs
 *
 * Targets: memory growth <= 150 MB, event-loop delay p99 <= 50 ms, first answer within 2 s.
 */
const { values } = parseArgs({
  options: {
    weeks: { type: 'string', default: '52' },
    mb: { type: 'string', default: '10' },
  },
});
const WEEKS = Number(values.weeks);
const FILE_BYTES = Math.floor(Number(values.mb) * 1024 * 1024);
const ADMIN_PASSWORD = 'bench-admin-password';
const root = path.resolve(import.meta.dirname, '..');

/** A real PDF of about `bytes` bytes: pages each showing one image of random (incompressible) pixels. */
async function noisePdf(bytes: number, label: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(label);
  const side = 300;
  const imageBytes = side * side * 3;
  const pages = Math.max(1, Math.floor((bytes - 8 * 1024) / (imageBytes + 400)));
  for (let index = 0; index < pages; index += 1) {
    const page = pdf.addPage([595, 842]);
    const image = pdf.context.register(
      pdf.context.stream(randomBytes(imageBytes), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Im', image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(400, 0, 0, 400, 97, 300),
      drawObject(name ?? PDFName.of('Im0')),
      popGraphicsState(),
    );
  }
  return pdf.save();
}

async function probe(server: ServerProcess) {
  const seen = server.output().split(PROBE_PREFIX).length - 1;
  server.child.kill('SIGUSR2');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const parts = server.output().split(PROBE_PREFIX);
    if (parts.length - 1 > seen) {
      return JSON.parse(parts[seen + 1]!.split('\n')[0]!) as {
        eventLoopP99Ms: number;
        eventLoopMaxMs: number;
        rssBytes: number;
        peakRssBytes: number;
      };
    }
    if (Date.now() > deadline) throw new Error(`The event-loop probe did not answer:\n${server.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const mb = (value: number) => `${(value / 1048576).toFixed(1)} MB`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-workbook-'));
let server: ServerProcess | undefined;
try {
  execFileSync(process.execPath, ['scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' });
  // tsx only to load the TypeScript probe.
  server = await spawnTsServer('dist/server/main.js', {
    nodeFlags: START_NODE_FLAGS,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', DEMO_MODE: 'false', ADMIN_PASSWORD, DATA_DIR: dataDir },
    readyPath: '/api/auth/check',
    preloads: ['scripts/bench/event-loop-probe.ts'],
    timeoutMs: 60_000,
  });
  const admin = new Client(server.url);
  const signIn = await admin.post('/api/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
  if (signIn.status !== 200) throw new Error(`Admin sign-in answered ${signIn.status}`);

  const uploadStarted = performance.now();
  for (let week = 1; week <= WEEKS; week += 1) {
    const bytes = await noisePdf(FILE_BYTES, `Bench week ${week}`);
    const res = await admin.request('POST', '/api/upload-framework', undefined, {
      body: uploadForm(
        { weekNumber: String(week), title: `Bench week ${week}`, description: '' },
        { name: `week-${week}.pdf`, bytes },
      ),
    });
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`Upload of week ${week}: ${JSON.stringify(res.json)}`);
  }
  console.log(`Uploaded ${WEEKS} x ${mb(FILE_BYTES)} in ${((performance.now() - uploadStarted) / 1000).toFixed(1)} s`);

  const order = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/create-order.ts',
        '--email',
        'bench@example.com',
        '--first-name',
        'Bench',
        '--last-name',
        'Buyer',
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
    ),
  ) as { orderId: string };

  // An idle window first: the event-loop delay the machine itself causes (other work on its cores).
  await probe(server);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idle = await probe(server);
  const before = idle;
  const pdfUrl = `${server.url}/api/download-workbook/${order.orderId}/pdf`;

  // Other requests while the workbook is built.
  const latencies: number[] = [];
  let building = true;
  const others = (async () => {
    while (building) {
      const started = performance.now();
      await fetch(`${server!.url}/api/config`).then((res) => res.arrayBuffer());
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();

  const started = performance.now();
  let first: { status: number; ms: number } | undefined;
  let size = 0;
  for (;;) {
    const res = await fetch(pdfUrl);
    first ??= { status: res.status, ms: performance.now() - started };
    if (res.status === 202) {
      await res.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (res.status !== 200) throw new Error(`The workbook answered ${res.status}: ${await res.text()}`);
    const reader = res.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) size += chunk.value.length;
    break;
  }
  const readyMs = performance.now() - started;
  building = false;
  await others;
  const during = await probe(server);
  latencies.sort((a, b) => a - b);

  const result = {
    weeks: WEEKS,
    fileBytes: FILE_BYTES,
    firstAnswer: first,
    readyAndDownloadedMs: Math.round(readyMs),
    workbookBytes: size,
    rssBeforeBytes: before.rssBytes,
    peakRssBytes: during.peakRssBytes,
    rssGrowthBytes: during.peakRssBytes - before.rssBytes,
    eventLoopP99Ms: during.eventLoopP99Ms,
    eventLoopMaxMs: during.eventLoopMaxMs,
    idleEventLoopP99Ms: idle.eventLoopP99Ms,
    otherRequests: latencies.length,
    otherRequestsP99Ms: percentile(latencies, 99),
  };
  console.log(
    [
      `Complete workbook, ${WEEKS} x ${mb(FILE_BYTES)} uploads, cold:`,
      `  first answer ${result.firstAnswer?.status} after ${Math.round(result.firstAnswer?.ms ?? 0)} ms (target: within 2 s)`,
      `  built and downloaded in ${(readyMs / 1000).toFixed(1)} s, ${mb(size)}`,
      `  server memory growth ${mb(result.rssGrowthBytes)} (RSS ${mb(before.rssBytes)} -> peak ${mb(during.peakRssBytes)}; target <= 150 MB)`,
      `  event-loop delay p99 ${result.eventLoopP99Ms.toFixed(1)} ms, max ${result.eventLoopMaxMs.toFixed(1)} ms (target p99 <= 50 ms); idle before: p99 ${idle.eventLoopP99Ms.toFixed(1)} ms`,
      `  other requests meanwhile: ${latencies.length}, p99 ${result.otherRequestsP99Ms.toFixed(1)} ms`,
    ].join('\n'),
  );
  console.log(JSON.stringify(result));
} finally {
  await server?.stop('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
