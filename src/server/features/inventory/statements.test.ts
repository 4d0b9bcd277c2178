import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVENTORY_STATEMENTS } from '../../../shared/constants';
import { inventoryTopicSchema, SAFETY_TOPIC } from '../../../shared/inventory-schemas';
import { bundledTopics } from './content';

/*
 * The bundled statements (docs/inventory-content.md) held to the writer's rules: stable ids per
 * topic, both languages, the private flag exactly on the safety statements, the course's voice.
 */

interface RawTopic {
  id: string;
  title: Record<string, string>;
  weeks: number[];
  [key: string]: unknown;
}
interface RawStatement {
  id: string;
  topic: string;
  en: string;
  es: string;
  private?: boolean;
  [key: string]: unknown;
}

const file = JSON.parse(readFileSync(path.join(import.meta.dirname, 'statements.json'), 'utf8')) as {
  version: number;
  topics: RawTopic[];
  statements: RawStatement[];
};
const LOCALES = ['en', 'es'] as const;

describe('statements.json', () => {
  // QA walk: the dashboard's card said "120 short statements" of an inventory of 123.
  it('has as many statements as the dashboard’s card says (INVENTORY_STATEMENTS)', () => {
    expect(file.statements).toHaveLength(INVENTORY_STATEMENTS);
    expect(bundledTopics().flatMap((topic) => topic.statements)).toHaveLength(INVENTORY_STATEMENTS);
  });

  it('is version 1 with topics and statements, and parses into the stored topic schema', () => {
    expect(file.version).toBe(1);
    expect(Array.isArray(file.topics)).toBe(true);
    expect(Array.isArray(file.statements)).toBe(true);
    for (const topic of bundledTopics()) expect(inventoryTopicSchema.safeParse(topic).success).toBe(true);
  });

  it('has unique lower-case topic ids, both titles, 2-5 distinct weeks in 1-52 and no other keys', () => {
    const ids = file.topics.map((topic) => topic.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(SAFETY_TOPIC);
    for (const topic of file.topics) {
      expect(topic.id).toMatch(/^[a-z]+$/);
      for (const locale of LOCALES) {
        expect(topic.title[locale]?.trim(), `${topic.id}.title.${locale}`).toBeTruthy();
        expect(topic.title[locale], `${topic.id}.title.${locale}`).not.toMatch(/["']/);
      }
      expect(topic.weeks.length, topic.id).toBeGreaterThanOrEqual(2);
      expect(topic.weeks.length, topic.id).toBeLessThanOrEqual(5);
      for (const week of topic.weeks)
        expect(Number.isInteger(week) && week >= 1 && week <= 52, `${topic.id} ${week}`).toBe(true);
      expect(new Set(topic.weeks).size, topic.id).toBe(topic.weeks.length);
      expect(
        Object.keys(topic).filter((key) => !['id', 'title', 'weeks'].includes(key)),
        topic.id,
      ).toEqual([]);
    }
  });

  it('numbers statement ids <topic>-01.. in order, unique, each in a known topic', () => {
    const topics = new Set(file.topics.map((topic) => topic.id));
    const seen = new Set<string>();
    const perTopic = new Map<string, number>();
    for (const statement of file.statements) {
      const match = /^([a-z]+)-(\d{2})$/.exec(statement.id);
      expect(match, statement.id).not.toBeNull();
      expect(match![1], statement.id).toBe(statement.topic);
      expect(topics.has(statement.topic), statement.id).toBe(true);
      expect(seen.has(statement.id), statement.id).toBe(false);
      seen.add(statement.id);
      const count = (perTopic.get(statement.topic) ?? 0) + 1;
      perTopic.set(statement.topic, count);
      expect(Number(match![2]), `${statement.id}: ids numbered 01.. in order`).toBe(count);
    }
    for (const topic of topics) {
      const count = perTopic.get(topic) ?? 0;
      if (topic === SAFETY_TOPIC) expect(count, topic).toBe(4);
      else {
        expect(count, topic).toBeGreaterThanOrEqual(8);
        expect(count, topic).toBeLessThanOrEqual(11);
      }
    }
    expect(file.statements.length).toBeGreaterThanOrEqual(110);
  });

  it('gives every statement distinct English and Spanish sentences, typographic quotes only', () => {
    const texts = new Set<string>();
    for (const statement of file.statements) {
      for (const locale of LOCALES) {
        const text = statement[locale];
        expect(text?.trim(), `${statement.id}.${locale}`).toBeTruthy();
        expect(text, `${statement.id}.${locale}: straight quote`).not.toMatch(/["']/);
        expect(text, `${statement.id}.${locale}: ends a sentence`).toMatch(/[.!?]$/);
        expect(texts.has(text), `${statement.id}.${locale}: duplicate text`).toBe(false);
        texts.add(text);
      }
      expect(Object.keys(statement).filter((key) => !['id', 'topic', 'en', 'es', 'private'].includes(key))).toEqual([]);
    }
  });

  it('marks exactly the safety statements private', () => {
    for (const statement of file.statements) {
      if (statement.topic === SAFETY_TOPIC) expect(statement.private, statement.id).toBe(true);
      else expect('private' in statement, statement.id).toBe(false);
    }
  });

  it('writes Spanish for tú and ustedes-free first person, with opening question marks', () => {
    for (const { id, es } of file.statements) {
      expect(es, `${id}: usted/vosotros form`).not.toMatch(/(?<!\p{L})(usted|ustedes|vosotros|vosotras|os)(?!\p{L})/iu);
      if (es.includes('?')) expect(es, `${id}: ? without ¿`).toContain('¿');
    }
  });

  it('writes English in British spelling', () => {
    for (const { id, en } of file.statements) {
      expect(en, id).not.toMatch(/\b\w+iz(e|es|ed|ing)\b|\bfavorite\b|\bcolor\b|\bcounselor\b|\bto practice\b/i);
    }
  });
});
