import { Trans, useLingui } from '@lingui/react';
import type { ReactElement } from 'react';
import type { Locale, MessageId, MessageValues } from '../../shared/i18n/locales';

/**
 * `const { t, locale } = useT()`; `t('landing.hero.title')`, `t('x.y.z', { count: 2 })`. Re-renders
 * when the language changes. Ids are typed: an id missing from the English catalogs does not compile.
 */
export function useT(): { t: (id: MessageId, values?: MessageValues) => string; locale: Locale } {
  const { i18n } = useLingui();
  return { t: (id, values) => i18n._(id, values), locale: i18n.locale as Locale };
}

/**
 * Rich text: a message with numbered tags, `"Read the <0>privacy policy</0>."`, rendered with
 * `<T id="..." components={{ 0: <a href="/privacy" /> }} />`. A value may be an element, e.g. a
 * title in another language `<span lang="en">…</span>`: it goes in whole, its text never read as tags.
 */
export function T({
  id,
  values,
  components,
}: {
  id: MessageId;
  values?: Record<string, MessageValues[string] | ReactElement>;
  components?: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}
