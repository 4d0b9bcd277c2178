import { Alert, Anchor, Badge, Button, Group, Paper, Radio, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useId, useState } from 'react';
import { GrowingTextarea } from '../../components/growing-textarea';
import { renderSitePageMarkdown } from '../../../shared/site-page-markdown';
import { SITE_PAGE_MAX_LENGTH, type SitePageDraft, saveSitePageSchema } from '../../../shared/site-pages';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { SitePageContent } from './site-page-content';
import { formatDateTime, formatNumber } from '../../../shared/i18n/format';
import { LOCALE_NAMES, LOCALES, type Locale, type MessageId } from '../../../shared/i18n/locales';
import type { SitePageSlug } from '../../../shared/site-page-list';
import { translate } from '../../i18n/i18n';
import { T, useT } from '../../i18n/use-t';

/** The starter text's notice, in the page's language. */
export const starterNotice = () => translate('policies.settings.starterNotice');

/** A page's short name (tabs, Save) and full name (preview, toasts), in the page's language. */
const shortName = (slug: SitePageSlug) => translate(`policies.name.${slug}` as MessageId);
const fullName = (slug: SitePageSlug) => translate(`policies.fullName.${slug}` as MessageId);

/**
 * The starter texts' blanks, such as [contact email] or [price]: lower-case words in square brackets
 * that are not a Markdown link's text (no "(" right after).
 */
export function unfilledPlaceholders(markdown: string): string[] {
  // Lower-case letters, Spanish ones included ("[dirección postal]").
  const found = markdown.match(/\[[a-z\u00e0-\u00ff][a-z\u00e0-\u00ff ]*\](?!\()/g) ?? [];
  return [...new Set(found)];
}

/**
 * Settings → Public pages (docs/product.md#admin-screen): the Refund Policy, Privacy Policy, Terms
 * of Service and FAQ, each written in Markdown with a live preview. Saving publishes the page at its
 * path and turns the footer's "coming soon" into a link.
 */
export function PublicPagesSettings() {
  const { t } = useT();
  const pages = useQuery(trpc.sitePages.listForEditing.queryOptions());
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <div>
        <Title order={2} id={headingId}>
          {t('policies.settings.heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('policies.settings.intro')}
        </Text>
      </div>
      {pages.isPending ? (
        <Stack aria-busy="true" aria-label={t('policies.settings.loadingLabel')} gap="sm">
          <Text size="sm" c="dimmed">
            {t('policies.settings.loadingText')}
          </Text>
        </Stack>
      ) : pages.isError ? (
        <Alert color="red" title={t('policies.settings.loadFailed')}>
          {errorMessage(pages.error, t('policies.settings.reload'))}
        </Alert>
      ) : (
        <Tabs defaultValue={pages.data[0]?.slug} keepMounted={false}>
          <Tabs.List>
            {pages.data.map((page) => (
              <Tabs.Tab key={page.slug} value={page.slug}>
                {shortName(page.slug)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {pages.data.map((page) => (
            <Tabs.Panel key={page.slug} value={page.slug} pt="md">
              <SitePageEditor page={page} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

/** One page's editor: status, the Markdown, its preview as the public will see it, and Save. */
export function SitePageEditor({ page }: { page: SitePageDraft }) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const [markdown, setMarkdown] = useState(page.markdown);
  const [language, setLanguage] = useState<Locale>(page.language);
  const [error, setError] = useState<string | null>(null);
  // The text the seller was warned about: saving it again, unchanged, publishes it as it is.
  const [warnedFor, setWarnedFor] = useState<string | null>(null);
  const preview = useDeferredValue(markdown);
  const textareaId = useId();
  const save = useMutation(
    trpc.sitePages.save.mutationOptions({
      onSuccess: async (saved) => {
        notify.success(
          t('policies.settings.savedTitle'),
          t('policies.settings.savedText', { title: fullName(saved.slug), path: saved.path }),
        );
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.sitePages.listForEditing.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.sitePages.listPublished.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.sitePages.get.queryKey({ slug: saved.slug }) }),
        ]);
      },
      onError: (failure) =>
        notify.error(t('policies.settings.saveFailed'), errorMessage(failure, t('policies.settings.saveFailedText'))),
    }),
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = saveSitePageSchema.safeParse({ slug: page.slug, markdown, language });
    if (!parsed.success) {
      // The schema's rule in the page's language (issue 35: its English sentence was shown as is).
      const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
      setError(
        tooLong
          ? t('policies.settings.tooLong', { max: formatNumber(locale, SITE_PAGE_MAX_LENGTH) })
          : t('policies.settings.empty'),
      );
      return;
    }
    // Publishing "[contact email]" to visitors is almost never meant: ask once before saving.
    const blanks = unfilledPlaceholders(markdown);
    if (blanks.length > 0 && warnedFor !== markdown) {
      setWarnedFor(markdown);
      setError(t('policies.settings.blanks', { blanks: blanks.join(', ') }));
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          {page.saved ? (
            <>
              <Badge color="green">{t('policies.settings.published')}</Badge>
              <Text size="sm">
                <T
                  id="policies.settings.at"
                  values={{ path: page.path }}
                  components={{ 0: <Anchor component={Link} to={page.path} /> }}
                />
                {page.updatedAt
                  ? t('policies.settings.savedBy', {
                      date: formatDateTime(locale, page.updatedAt),
                      name: page.updatedBy ?? '',
                    })
                  : null}
              </Text>
            </>
          ) : (
            <>
              <Badge color="gray">{t('policies.settings.notPublished')}</Badge>
              <Text size="sm">{t('policies.settings.willPublish', { path: page.path })}</Text>
            </>
          )}
        </Group>
        {page.saved ? null : (
          <Alert color="plum" icon={<IconInfoCircle aria-hidden="true" />} title={starterNotice()} role="note">
            {t('policies.settings.starterText')}
          </Alert>
        )}
        <Radio.Group
          label={t('policies.settings.languageLabel')}
          description={t('policies.settings.languageHelp')}
          value={language}
          onChange={(value) => setLanguage(value as Locale)}
        >
          <Group gap="lg" mt={6}>
            {LOCALES.map((option) => (
              <Radio key={option} value={option} label={<span lang={option}>{LOCALE_NAMES[option]}</span>} />
            ))}
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <GrowingTextarea
            lang={language}
            id={textareaId}
            label={t('policies.settings.markdownLabel', { title: fullName(page.slug) })}
            // The seller's own text (the starter in their account's language): data, not the app's words.
            data-user-content
            description={t('policies.settings.markdownHelp')}
            value={markdown}
            onChange={(event) => setMarkdown(event.currentTarget.value)}
            error={error}
            minRows={14}
            maxRows={30}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
          />
          <Paper
            withBorder
            p="md"
            radius="md"
            component="section"
            aria-label={t('policies.settings.previewLabel', { title: fullName(page.slug) })}
          >
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb="xs">
              {t('policies.settings.preview')}
            </Text>
            <Text fw={700} size="xl">
              {fullName(page.slug)}
            </Text>
            <div data-user-content lang={language}>
              <SitePageContent html={renderSitePageMarkdown(preview)} />
            </div>
          </Paper>
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('policies.settings.save', { title: shortName(page.slug) })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
