import type * as ContentModule from './content';

/**
 * For `vi.mock('<path>/printables/content', ...)`: the real content source, limited to the weeks in
 * `state.weeks` (every week while it is null), so a test can have weeks without content.
 *
 *   const content = vi.hoisted(() => ({ weeks: null as number[] | null }));
 *   vi.mock('../printables/content', async (original) =>
 *     (await import('../printables/test-support')).limitedContent(await original(), content));
 */
export function limitedContent(actual: typeof ContentModule, state: { weeks: number[] | null }): typeof ContentModule {
  const weeksWithPrintableContent: typeof actual.weeksWithPrintableContent = async (deps, locale) => {
    const all = await actual.weeksWithPrintableContent(deps, locale);
    const { weeks } = state;
    return weeks === null ? all : new Map([...all].filter(([weekNumber]) => weeks.includes(weekNumber)));
  };
  return {
    ...actual,
    weeksWithPrintableContent,
    printableWeekContent: async (deps, weekNumber, locale) =>
      (await weeksWithPrintableContent(deps, locale)).get(weekNumber) ?? null,
  };
}
