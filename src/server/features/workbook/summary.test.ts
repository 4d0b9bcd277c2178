import { describe, expect, it } from 'vitest';
import { emptyWorkbookResponse } from '../../../shared/testing/workbook-test-support';
import type { WorkbookAnswers, WorkbookResponse } from '../../../shared/workbook-schemas';
import { CATALOGS } from '../i18n/translate';
import { fromResponse } from './answers';
import { bundledLibraryFor, loadContentLibrary } from './content-library';
import { buildWeekSummary, quote, QUOTE_MAX_LENGTH, sharedThemes, type SummaryInput } from './summary';

const content = loadContentLibrary().contentFor(1);

/** Answers by id, written as lists in the order of week 1's questions and cards. */
function response(overrides: Partial<WorkbookResponse>): WorkbookAnswers {
  return fromResponse({ ...emptyWorkbookResponse(), ...overrides }, content, undefined);
}

function input(overrides: Partial<SummaryInput> = {}): SummaryInput {
  return {
    content,
    names: { partner1: 'Jamie', partner2: 'Priya' },
    responses: {
      partner1: response({ reflectionAnswers: ['Our Sunday market walks are when I feel closest.'] }),
      partner2: response({ reflectionAnswers: ['', 'I rehearse my answer while you talk.'] }),
    },
    ...overrides,
  };
}

describe('buildWeekSummary', () => {
  it('names the focus and both partners, and quotes each partner under the right question', () => {
    const summary = buildWeekSummary(input());
    expect(summary).toMatch(/^Week 1 was about listening to understand rather than to reply, and Jamie and Priya/);
    expect(summary).toContain(
      `Thinking about ${content.reflectionQuestions[0]!.topic}, Jamie wrote: “Our Sunday market walks are when I feel closest.”`,
    );
    expect(summary).toContain(
      `Priya, reflecting on ${content.reflectionQuestions[1]!.topic}, wrote: “I rehearse my answer while you talk.”`,
    );
  });

  it('is deterministic and changes when the answers change', () => {
    expect(buildWeekSummary(input())).toBe(buildWeekSummary(input()));
    const changed = input();
    changed.responses.partner2 = response({ reflectionAnswers: ['Something else entirely.'] });
    expect(buildWeekSummary(changed)).not.toBe(buildWeekSummary(input()));
  });

  it('quotes at most the two fullest answers of a partner, in question order', () => {
    const summary = buildWeekSummary(
      input({
        responses: {
          partner1: response({
            reflectionAnswers: [
              'Short one.',
              'A much longer second answer about evenings.',
              'Tiny.',
              'The longest answer of them all, about our mornings.',
            ],
          }),
          partner2: response({ reflectionAnswers: ['Yes.'] }),
        },
      }),
    );
    expect(summary).not.toContain('Short one.');
    expect(summary).not.toContain('Tiny.');
    const second = summary.indexOf('A much longer second answer');
    const fourth = summary.indexOf('The longest answer of them all');
    expect(second).toBeGreaterThan(-1);
    expect(fourth).toBeGreaterThan(second);
    expect(summary).toContain(`On ${content.reflectionQuestions[3]!.topic}, Jamie added:`);
  });

  it('falls back to Partner 1 / Partner 2 when the profile has no names', () => {
    const summary = buildWeekSummary(input({ names: { partner1: '  ', partner2: '' } }));
    expect(summary).toContain('Partner 1 and Partner 2 both made time for it');
  });

  it('lists three shared words without a serial comma, as it always has', () => {
    const summary = buildWeekSummary(
      input({
        responses: {
          partner1: response({ reflectionAnswers: ['Long walks and cooking at the lake.'] }),
          partner2: response({ reflectionAnswers: ['A walk after cooking dinner by the lake.'] }),
        },
      }),
    );
    expect(summary).toContain(
      'Where you meet: you both came back to “cooking”, “lake” and “walk”, threads worth picking up together.',
    );
  });

  it('says where the partners meet, folding plurals and showing their own spelling', () => {
    const themes = sharedThemes(
      response({ reflectionAnswers: ['Long walks and cooking.', 'More walks, please.'] }),
      response({ reflectionAnswers: ['A walk after cooking dinner.'] }),
    );
    expect(themes).toEqual(['walks', 'cooking']);
    const summary = buildWeekSummary(
      input({
        responses: {
          partner1: response({ reflectionAnswers: ['Long walks and cooking.'] }),
          partner2: response({ reflectionAnswers: ['A walk after cooking dinner.'] }),
        },
      }),
    );
    expect(summary).toMatch(/Where you meet: you both came back to “\w+” and “\w+”/);
  });

  it('puts words that only echo the questions after the couple’s own', () => {
    const echoes = new Set(['heard']);
    const themes = sharedThemes(
      response({ reflectionAnswers: ['I felt heard heard heard at the lake.'] }),
      response({ reflectionAnswers: ['Heard, yes, heard: by the lake.'] }),
      echoes,
    );
    expect(themes).toEqual(['lake', 'heard']);
  });

  it('says so kindly when the answers share no words', () => {
    const summary = buildWeekSummary(input());
    expect(summary).toContain('Your answers took different paths this week');
  });

  it('reports both commitments, one, or none', () => {
    const both = input();
    both.responses.partner1.weeklyCommitment = 'I will cook on Thursdays';
    both.responses.partner2.weeklyCommitment = 'I will plan our walk.';
    expect(buildWeekSummary(both)).toContain(
      'Looking ahead, Jamie committed: “I will cook on Thursdays”. And Priya: “I will plan our walk.”',
    );

    const one = input();
    one.responses.partner2.weeklyCommitment = 'I will plan our walk.';
    const oneSummary = buildWeekSummary(one);
    expect(oneSummary).toContain(
      'Looking ahead, Priya committed: “I will plan our walk.” There is room for Jamie to add one too',
    );

    expect(buildWeekSummary(input())).toContain('Neither of you has written a commitment for the week ahead yet');
  });

  it('mentions the fuller discussion note and activity response', () => {
    const summary = buildWeekSummary(
      input({
        responses: {
          partner1: response({
            reflectionAnswers: ['x'],
            discussionNotes: 'Short.',
            activityResponse: 'It was lovely to slow down.',
          }),
          partner2: response({ reflectionAnswers: ['y'], discussionNotes: 'We chose the word "pause" as our signal.' }),
        },
      }),
    );
    expect(summary).toContain('From your conversation, Priya noted: “We chose the word "pause" as our signal.”');
    expect(summary).toContain(`After “${content.activity.title}”, Jamie wrote: “It was lovely to slow down.”`);
    expect(summary).not.toContain('Short.');
  });

  it('comes as two paragraphs of whole sentences', () => {
    const paragraphs = buildWeekSummary(input()).split('\n\n');
    expect(paragraphs).toHaveLength(2);
    for (const paragraph of paragraphs) expect(paragraph).toMatch(/[.!?”]$/);
  });
});

describe('quote', () => {
  it('keeps short text whole and collapses whitespace', () => {
    expect(quote('  I  feel\n\nclose   to you. ')).toBe('“I feel close to you.”');
  });

  it('shortens long text to the whole sentences that fit', () => {
    const first = 'The first sentence is about our evenings together.';
    const text = `${first} ${'Then a very long second sentence goes on and on '.repeat(5)}.`;
    expect(quote(text)).toBe(`“${first}”`);
  });

  it('cuts a single long sentence at a word boundary with an ellipsis', () => {
    const text = `${'word '.repeat(60)}end`;
    const quoted = quote(text);
    expect(quoted.length).toBeLessThanOrEqual(QUOTE_MAX_LENGTH + 2);
    expect(quoted).toMatch(/^“(word )+word…”$/);
  });
});

describe('buildWeekSummary in Spanish', () => {
  const spanish = { ...bundledLibraryFor('es').contentFor(1), locale: 'es' as const };

  function respuesta(overrides: Partial<WorkbookResponse>): WorkbookAnswers {
    return fromResponse({ ...emptyWorkbookResponse(), ...overrides }, spanish, undefined);
  }

  /** What QA wrote: a couple writing in Spanish, with "cuando" all over both partners' answers. */
  function entrada(overrides: Partial<SummaryInput> = {}): SummaryInput {
    return {
      content: spanish,
      locale: 'es',
      names: { partner1: 'Lucía', partner2: 'Andrés' },
      responses: {
        partner1: respuesta({
          reflectionAnswers: [
            'Cuando salimos a caminar por el parque los domingos, siento que me escuchas de verdad.',
            '',
            'Cuando me quedo callada es porque necesito que solo me escuches.',
          ],
          weeklyCommitment: 'Voy a apagar el celular durante la cena',
        }),
        partner2: respuesta({
          reflectionAnswers: ['Cuando estamos en el parque y no hay prisa, también me siento escuchado.'],
          discussionNotes: 'Hablamos de cómo nos escuchaban en nuestras familias.',
          activityResponse: 'Fue difícil no interrumpir, pero valió la pena.',
          weeklyCommitment: 'Voy a preguntar “¿te escucho o te ayudo?” antes de dar consejos.',
        }),
      },
      ...overrides,
    };
  }

  /** The summary's own words: the partners' quoted words (and the quoted topics and titles) taken out. */
  function ownWords(summary: string): string[] {
    return summary
      .replace(/“[^”]*”/g, ' ')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter(Boolean);
  }

  it('is written in Spanish: the week’s focus and topics, each partner under the right question', () => {
    const summary = buildWeekSummary(entrada());
    expect(summary).toMatch(
      /^La semana 1 trató sobre escuchar para comprender en lugar de para responder, y tanto Lucía como Andrés le dedicaron tiempo\. /,
    );
    expect(summary).toContain(
      `Al pensar en ${spanish.reflectionQuestions[0]!.topic}, Lucía escribió: “Cuando salimos a caminar`,
    );
    expect(summary).toContain(`Sobre ${spanish.reflectionQuestions[2]!.topic}, Lucía agregó: “Cuando me quedo callada`);
    expect(summary).toContain(
      `Andrés, al reflexionar sobre ${spanish.reflectionQuestions[0]!.topic}, escribió: “Cuando estamos en el parque`,
    );
    expect(summary).toContain('De lo que conversaron, Andrés anotó: “Hablamos de cómo nos escuchaban');
    expect(summary).toContain(`Después de la actividad “${spanish.activity.title}”, Andrés escribió:`);
    expect(summary).toContain(
      'Para la próxima semana, Lucía se comprometió a esto: “Voy a apagar el celular durante la cena”. ' +
        'Por su parte, Andrés se comprometió a esto: “Voy a preguntar',
    );
    expect(summary).toMatch(/Léanlo en pareja y tómense un momento para agradecerse lo que compartieron\.$/);
    expect(summary.split('\n\n')).toHaveLength(2);
  });

  it('finds a shared theme that means something, not a common Spanish word', () => {
    const summary = buildWeekSummary(entrada());
    expect(summary).toContain(
      'Un punto en común: la palabra “parque” aparece en lo que escribió cada quien, un hilo que vale la pena retomar en pareja.',
    );
    expect(summary).not.toMatch(/“(cuando|porque|también|estamos|siento)”/i);
  });

  it('holds no word of the English summary’s sentences', () => {
    // Every word of the English messages, ICU syntax and placeholders aside ("a" is Spanish too).
    const englishWords = new Set(
      Object.entries(CATALOGS.en)
        .filter(([id]) => id.startsWith('pdf.summary.'))
        .flatMap(([, message]) =>
          message
            .replace(/\{\w+, (plural|select),|\b(one|other|partner1) \{|\{\w+\}/g, ' ')
            .toLowerCase()
            .split(/[^\p{L}']+/u),
        )
        .filter((word) => word && word !== 'a'),
    );
    expect(englishWords).toContain('meet');
    const variants = [
      entrada(),
      entrada({ names: { partner1: '', partner2: ' ' } }),
      entrada({
        responses: {
          partner1: respuesta({ reflectionAnswers: ['Sí.', 'Otra.', 'Y otra más.'] }),
          partner2: respuesta({ reflectionAnswers: ['No.'], weeklyCommitment: 'Escuchar.' }),
        },
      }),
    ];
    for (const variant of variants) {
      expect(ownWords(buildWeekSummary(variant)).filter((word) => englishWords.has(word))).toEqual([]);
    }
  });

  it('names partners without a name “Persona 1” and “Persona 2”, and says kindly when nothing is shared', () => {
    const summary = buildWeekSummary(
      entrada({
        names: { partner1: ' ', partner2: '' },
        responses: {
          partner1: respuesta({ reflectionAnswers: ['Sí.'] }),
          partner2: respuesta({ reflectionAnswers: ['No.'] }),
        },
      }),
    );
    expect(summary).toContain('y tanto Persona 1 como Persona 2 le dedicaron tiempo');
    expect(summary).toContain('Esta semana sus respuestas tomaron caminos distintos');
    expect(summary).toContain('Todavía no han escrito un compromiso para la próxima semana');
  });

  it('joins several shared words the Spanish way, “e” before an /i/ sound', () => {
    const summary = buildWeekSummary(
      entrada({
        responses: {
          partner1: respuesta({ reflectionAnswers: ['La casa y la iglesia.'], weeklyCommitment: 'Cocinar juntos.' }),
          partner2: respuesta({ reflectionAnswers: ['Nuestra iglesia, nuestra casa.'] }),
        },
      }),
    );
    expect(summary).toContain(
      'Puntos en común: las palabras “casa” e “iglesia” aparecen en lo que escribió cada quien, hilos que vale la pena retomar en pareja.',
    );
    expect(summary).toContain(
      'Para la próxima semana, Lucía se comprometió a esto: “Cocinar juntos.” Andrés también puede sumar su propio compromiso',
    );
  });
});

describe('sharedThemes in Spanish', () => {
  const es = (text: string) =>
    fromResponse({ ...emptyWorkbookResponse(), reflectionAnswers: [text] }, content, undefined);

  it('skips Spanish common words, with or without their accents', () => {
    const themes = sharedThemes(
      es('Cuando estamos juntos también tenemos que hacer algo porque siempre está la montaña.'),
      es('Cuando tambien estamos ahi, porque tenemos que hacer la caminata a la montaña.'),
      new Set(),
      'es',
    );
    expect(themes).toEqual(['montaña']);
  });

  it('folds accents and plurals but keeps ñ apart from n', () => {
    expect(
      sharedThemes(es('Nuestra canción del año pasado.'), es('Las canciones, y el ano no cuenta.'), new Set(), 'es'),
    ).toEqual(['canción']);
    expect(sharedThemes(es('Las flores y los padres.'), es('Una flor para el padre.'), new Set(), 'es')).toEqual([
      'flor',
      'padre',
    ]);
    expect(sharedThemes(es('Muchas veces.'), es('Otra vez no.'), new Set(), 'es')).toEqual([]);
  });

  it('leaves English words that look like Spanish common ones to English summaries', () => {
    const first = es('Our son loves the sea.');
    const second = es('My son and the sea.');
    expect(sharedThemes(first, second)).toEqual(['sea', 'son']);
    expect(sharedThemes(first, second, new Set(), 'es')).toEqual([]);
  });
});
