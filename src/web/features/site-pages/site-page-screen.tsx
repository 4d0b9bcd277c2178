import { Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { SitePageSlug } from '../../../shared/site-page-list';
import { trpc } from '../../trpc';
import { SitePageContent } from './site-page-content';
import { formatDate } from '../../../shared/i18n/format';
import { useT } from '../../i18n/use-t';
import { translate } from '../../i18n/i18n';

/** /refund, /privacy, /terms or /faq: the page's title as the one h1, then the seller's text. */
export function SitePageScreen({ slug }: { slug: SitePageSlug }) {
  const { t, locale } = useT();
  const { data: page } = useSuspenseQuery(trpc.sitePages.get.queryOptions({ slug }));
  return (
    <Container size="md" py={{ base: 'xl', sm: 48 }}>
      <Stack gap="xs">
        <Title order={1}>{page.title}</Title>
        <Text size="sm" c="dimmed">
          {t('policies.page.updated', { date: formatDate(locale, page.updatedAt, { timeZone: 'UTC' }) })}
        </Text>
        <SitePageContent html={page.html} />
      </Stack>
    </Container>
  );
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
