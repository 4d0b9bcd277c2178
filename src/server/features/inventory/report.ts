import {
  NOT_SURE,
  type ReportStatement,
  type ReportTopic,
  SAFETY_TOPIC,
  type StatementAgreement,
  type TopicChange,
} from '../../../shared/inventory-schemas';

/*
 * The report's rules (issue 41, decision 0237), pure functions with table tests (report.test.ts).
 * Answers: 1 strongly disagree .. 5 strongly agree, 0 not sure.
 */

/** -1 disagree (1-2), 0 neither (3), 1 agree (4-5). */
function sideOf(answer: number): number {
  return Math.sign(answer - 3);
}

/**
 * One statement, both answers:
 * - `unsure` when either answered "not sure" (shown on its own, never counted as agreement);
 * - `agree` when both are on the same side (both disagree, both neither, both agree) at most 1 apart;
 * - `talk` when they are 2 or more apart;
 * - `close` otherwise: 1 apart across a side (a 3 against a 2 or a 4), neither a strength nor a gap.
 */
export function agreementOf(partner1: number, partner2: number): StatementAgreement {
  if (partner1 === NOT_SURE || partner2 === NOT_SURE) return 'unsure';
  const difference = Math.abs(partner1 - partner2);
  if (difference >= 2) return 'talk';
  return sideOf(partner1) === sideOf(partner2) ? 'agree' : 'close';
}

export interface ReportInputTopic {
  id: string;
  title: string;
  weeks: number[];
  statements: { id: string; text: string; private?: boolean | undefined }[];
}

/**
 * The report's topics from the statements and both partners' answers. Private (safety) statements
 * and the safety topic are never part of it, whatever the answers hold; a statement either partner
 * left unanswered is left out.
 */
export function buildReportTopics(
  topics: ReportInputTopic[],
  answers: { partner1: ReadonlyMap<string, number>; partner2: ReadonlyMap<string, number> },
): ReportTopic[] {
  const report: ReportTopic[] = [];
  for (const topic of topics) {
    if (topic.id === SAFETY_TOPIC) continue;
    const entry: ReportTopic = {
      id: topic.id,
      title: topic.title,
      weeks: topic.weeks,
      agree: [],
      close: [],
      talk: [],
      unsure: [],
    };
    for (const statement of topic.statements) {
      if (statement.private) continue;
      const partner1 = answers.partner1.get(statement.id);
      const partner2 = answers.partner2.get(statement.id);
      if (partner1 === undefined || partner2 === undefined) continue;
      const agreement = agreementOf(partner1, partner2);
      const item: ReportStatement = { id: statement.id, text: statement.text, partner1, partner2, agreement };
      entry[agreement].push(item);
    }
    report.push(entry);
  }
  return report;
}

/** Topic ids, the most to talk about first (then the most unsure); topics with nothing to talk about last. */
export function talkFirst(topics: ReportTopic[]): string[] {
  return topics
    .map((topic, index) => ({ topic, index }))
    .filter(({ topic }) => topic.talk.length > 0)
    .sort(
      (a, b) =>
        b.topic.talk.length - a.topic.talk.length || b.topic.unsure.length - a.topic.unsure.length || a.index - b.index,
    )
    .map(({ topic }) => topic.id);
}

/** Per topic, how many statements the two differ on by two or more: what a round stores at its reveal. */
export function topicTalkCounts(topics: ReportTopic[]): Record<string, number> {
  return Object.fromEntries(topics.map((topic) => [topic.id, topic.talk.length]));
}

/**
 * How a topic moved between two rounds, from its "talk about it" counts: `now-agree` when there
 * was something to talk about and nothing is left ("you now agree on money"), `closer`/`further`
 * when the count went down/up, `same` otherwise, `new` for a topic the earlier round did not have.
 */
export function topicChange(before: number | undefined, now: number): TopicChange {
  if (before === undefined) return 'new';
  if (before > 0 && now === 0) return 'now-agree';
  if (now < before) return 'closer';
  if (now > before) return 'further';
  return 'same';
}
