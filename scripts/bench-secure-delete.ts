import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';

/**
 * `npm run bench:secure-delete`: what `pragma secure_delete = ON` (decision 0202) costs the app's
 * writes. Two fresh SQLite files opened as the app opens them (WAL, synchronous NORMAL), one with
 * the pragma switched back off; on each, the writes that free space: a couple's week answers saved
 * over and over (each save replaces a row of about 2 kB, as the workbook autosave does), then whole
 * couples deleted (their rows and answers). Each statement commits on its own, as a request's
 * would; the two files take turns, ROUNDS times, and the median per write is reported in
 * microseconds with the ratio. Small enough to run on a shared machine (a few seconds).
 */
const ROUNDS = 5;
const SAVES = 2_000;
const COUPLES = 300;
const ANSWER = 'We listened first and then we talked about it. '.repeat(40); // about 2 kB

type Handle = ReturnType<typeof openDatabase>;

function prepare(handle: Handle): void {
  handle.sqlite.exec(`
    create table answers (couple_id integer not null, week integer not null, body text not null, primary key (couple_id, week));
    create table notes (couple_id integer not null, body text not null);
  `);
}

function timeSaves(handle: Handle, round: number): number {
  const save = handle.sqlite.prepare(
    'insert into answers (couple_id, week, body) values (?, ?, ?) on conflict (couple_id, week) do update set body = excluded.body',
  );
  const started = process.hrtime.bigint();
  for (let i = 0; i < SAVES; i += 1) save.run(i % 50, 1, `${ANSWER}${round}-${i}`);
  return Number(process.hrtime.bigint() - started) / 1000 / SAVES;
}

function timeDeletes(handle: Handle): number {
  const insertAnswer = handle.sqlite.prepare('insert or replace into answers (couple_id, week, body) values (?, ?, ?)');
  const insertNote = handle.sqlite.prepare('insert into notes (couple_id, body) values (?, ?)');
  handle.sqlite.transaction(() => {
    for (let couple = 1_000; couple < 1_000 + COUPLES; couple += 1) {
      for (let week = 1; week <= 8; week += 1) insertAnswer.run(couple, week, ANSWER);
      insertNote.run(couple, ANSWER);
    }
  })();
  const deleteAnswers = handle.sqlite.prepare('delete from answers where couple_id = ?');
  const deleteNotes = handle.sqlite.prepare('delete from notes where couple_id = ?');
  const started = process.hrtime.bigint();
  for (let couple = 1_000; couple < 1_000 + COUPLES; couple += 1) {
    handle.sqlite.transaction(() => {
      deleteAnswers.run(couple);
      deleteNotes.run(couple);
    })();
  }
  return Number(process.hrtime.bigint() - started) / 1000 / COUPLES;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-secure-delete-'));
try {
  const on = openDatabase(path.join(dir, 'on.sqlite'));
  const off = openDatabase(path.join(dir, 'off.sqlite'));
  off.sqlite.exec('pragma secure_delete = OFF');
  for (const handle of [on, off]) prepare(handle);
  const results = {
    on: { saves: [] as number[], deletes: [] as number[] },
    off: { saves: [] as number[], deletes: [] as number[] },
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const name of order) {
      const handle = name === 'on' ? on : off;
      results[name].saves.push(timeSaves(handle, round));
      results[name].deletes.push(timeDeletes(handle));
    }
  }
  on.sqlite.close();
  off.sqlite.close();
  const row = (label: string, a: number, b: number) =>
    `| ${label} | ${b.toFixed(1)} | ${a.toFixed(1)} | ${(a / b).toFixed(2)} |`;
  console.log('| write (median per write, µs) | secure_delete OFF | ON (the app) | ON / OFF |');
  console.log('|---|---|---|---|');
  console.log(row('save a week answer (2 kB row replaced)', median(results.on.saves), median(results.off.saves)));
  console.log(row('delete a couple (8 answers and a note)', median(results.on.deletes), median(results.off.deletes)));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
