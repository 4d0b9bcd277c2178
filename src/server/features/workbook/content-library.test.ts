import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/harness';
import { DEFAULT_CONTENT_DIR } from '../../paths';
import { ContentLibraryError, loadContentLibrary } from './content-library';

function folderWith(files: Record<string, unknown>): string {
  const dir = makeTempDir('vows-content-');
  for (const [name, value] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return dir;
}

const week1 = JSON.parse(fs.readFileSync(path.join(DEFAULT_CONTENT_DIR, 'week-01.json'), 'utf8')) as Record<string, unknown>;

describe('the bundled week content', () => {
  it('has weeks 1-3, each with 5 reflection questions and 3 conversation cards', () => {
    const library = loadContentLibrary();
    expect(library.weeksWithContent()).toEqual([1, 2, 3]);
    for (const week of [1, 2, 3]) {
      const content = library.contentFor(week);
      expect(content.reflectionQuestions).toHaveLength(5);
      expect(content.conversationCards).toHaveLength(3);
      expect(content.isFallback).toBe(false);
    }
  });

  it('falls back to week 1 for every other week', () => {
    const library = loadContentLibrary();
    for (const week of [4, 13, 52]) {
      const content = library.contentFor(week);
      expect(content).toMatchObject({ weekNumber: week, contentWeek: 1, isFallback: true, title: week1.title });
    }
  });
});

describe('loadContentLibrary', () => {
  it('picks up a new week from a new file, without code changes', () => {
    const dir = folderWith({ 'week-01.json': week1, 'week-09.json': { ...week1, weekNumber: 9, title: 'Week nine' } });
    const library = loadContentLibrary(dir);
    expect(library.weeksWithContent()).toEqual([1, 9]);
    expect(library.contentFor(9)).toMatchObject({ title: 'Week nine', isFallback: false });
    expect(library.contentFor(8)).toMatchObject({ title: week1.title, isFallback: true });
  });

  it('ignores files that are not week-NN.json', () => {
    const dir = folderWith({ 'week-01.json': week1, 'README.md': '# notes', 'week-2.json': '{' });
    expect(loadContentLibrary(dir).weeksWithContent()).toEqual([1]);
  });

  it.each([
    ['invalid JSON', { 'week-01.json': week1, 'week-02.json': '{ not json' }, /week-02\.json is not valid JSON/],
    ['a missing field', { 'week-01.json': { ...week1, objective: undefined } }, /week-01\.json is invalid: objective/],
    ['an empty question list', { 'week-01.json': { ...week1, reflectionQuestions: [] } }, /reflectionQuestions/],
    ['a week number that differs from the file name', { 'week-01.json': week1, 'week-05.json': week1 }, /week-05\.json says weekNumber 1/],
    ['no week 1', { 'week-02.json': { ...week1, weekNumber: 2 } }, /week 1 is missing/],
    ['a week beyond 52', { 'week-01.json': week1, 'week-60.json': { ...week1, weekNumber: 60 } }, /week-60\.json: the week must be 1-52/],
  ])('refuses %s with a message naming the file', (_name, files, message) => {
    const dir = folderWith(files);
    expect(() => loadContentLibrary(dir)).toThrow(ContentLibraryError);
    expect(() => loadContentLibrary(dir)).toThrow(message);
  });
});
