import { Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { SitePageSlug } from '../../../shared/site-page-list';
import { trpc } from '../../trpc';
import { SitePageContent } from './site-page-content';
import { formatDate } from '../../../shared/i18n/format';
import type { Locale, MessageId } from '../../../shared/i18n/locales';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/i18n';

/** /refund, /privacy, /terms or /faq: the page's name as the one h1, in the visitor's language, then the seller's text. */
export function SitePageScreen({ slug }: { slug: SitePageSlug }) {
  const { t, locale } = useT();
  const { data: page } = useSuspenseQuery(trpc.sitePages.get.queryOptions({ slug }));
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xs">
        <Title order={1}>{t(`policies.fullName.${slug}` as MessageId)}</Title>
        <Text size="sm" c="dimmed">
          {t('policies.page.updated', { date: formatDate(locale, page.updatedAt, { timeZone: 'UTC' }) })}
        </Text>
        {page.language && page.language !== locale ? (
          <Text size="sm">{t('policies.page.otherLanguage', { language: languageName(locale, page.language) })}</Text>
        ) : null}
        {/* The seller's text, in the language they wrote it in (WCAG 3.1.2, decision 0308). */}
        <div lang={page.language ?? undefined}>
          <SitePageContent html={page.html} />
        </div>
      </Stack>
    </Container>
  );
}

/** A language's name in another: "Spanish" in English, "inglés" in Spanish. */
function languageName(locale: Locale, language: Locale): string {
  return new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? language;
}

/** The page's placeholder while its text loads. */
export function SitePageSkeleton() {
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="md" aria-busy="true" aria-label={translate('policies.page.loading')}>
        <Skeleton height={40} width="50%" />
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={18} />
        ))}
      </Stack>
    </Container>
  );
}
