import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useId, useState } from 'react';
import { renderSitePageMarkdown } from '../../../shared/site-page-markdown';
import { type SitePageDraft, saveSitePageSchema } from '../../../shared/site-pages';
import { describeZodError } from '../../../shared/schemas';
import { notify } from '../../components/notifications';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { SitePageContent } from './site-page-content';

export const STARTER_NOTICE = 'Starter text: review and adapt it to your business before saving';

/**
 * The starter texts' blanks, such as [contact email] or [price]: lower-case words in square brackets
 * that are not a Markdown link's text (no "(" right after).
 */
export function unfilledPlaceholders(markdown: string): string[] {
  // Lower-case letters, Spanish ones included ("[dirección postal]").
  const found = markdown.match(/\[[a-z\u00e0-\u00ff][a-z\u00e0-\u00ff ]*\](?!\()/g) ?? [];
  return [...new Set(found)];
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Settings → Public pages (docs/product.md#admin-screen): the Refund Policy, Privacy Policy, Terms
 * of Service and FAQ, each written in Markdown with a live preview. Saving publishes the page at its
 * path and turns the footer's "coming soon" into a link.
 */
export function PublicPagesSettings() {
  const pages = useQuery(trpc.sitePages.listForEditing.queryOptions());
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <div>
        <Title order={2} id={headingId}>
          Public pages
        </Title>
        <Text c="dimmed" size="sm">
          The pages your footer links to. Each one goes live at its address when you save it; until then the footer
          shows it as coming soon.
        </Text>
      </div>
      {pages.isPending ? (
        <Stack aria-busy="true" aria-label="Loading the public pages" gap="sm">
          <Text size="sm" c="dimmed">
            Loading the public pages…
          </Text>
        </Stack>
      ) : pages.isError ? (
        <Alert color="red" title="Could not load the public pages">
          {errorMessage(pages.error, 'Please reload the page to try again.')}
        </Alert>
      ) : (
        <Tabs defaultValue={pages.data[0]?.slug} keepMounted={false}>
          <Tabs.List>
            {pages.data.map((page) => (
              <Tabs.Tab key={page.slug} value={page.slug}>
                {page.title === 'Frequently asked questions' ? 'FAQ' : page.title}
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
  const queryClient = useQueryClient();
  const [markdown, setMarkdown] = useState(page.markdown);
  const [error, setError] = useState<string | null>(null);
  // The text the seller was warned about: saving it again, unchanged, publishes it as it is.
  const [warnedFor, setWarnedFor] = useState<string | null>(null);
  const preview = useDeferredValue(markdown);
  const textareaId = useId();
  const save = useMutation(
    trpc.sitePages.save.mutationOptions({
      onSuccess: async (saved) => {
        notify.success('Page saved', `The ${saved.title} is published at ${saved.path}.`);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.sitePages.listForEditing.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.sitePages.listPublished.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.sitePages.get.queryKey({ slug: saved.slug }) }),
        ]);
      },
      onError: (failure) =>
        notify.error('Save Failed', errorMessage(failure, 'Could not save the page. Please try again.')),
    }),
  );

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = saveSitePageSchema.safeParse({ slug: page.slug, markdown });
    if (!parsed.success) {
      setError(describeZodError(parsed.error));
      return;
    }
    // Publishing "[contact email]" to visitors is almost never meant: ask once before saving.
    const blanks = unfilledPlaceholders(markdown);
    if (blanks.length > 0 && warnedFor !== markdown) {
      setWarnedFor(markdown);
      setError(
        `Still to fill in: ${blanks.join(', ')}. Replace them with your own details, or save again to publish the page as it is.`,
      );
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
              <Badge color="green">Published</Badge>
              <Text size="sm">
                At{' '}
                <Anchor component={Link} to={page.path}>
                  {page.path}
                </Anchor>
                {page.updatedAt ? ` · saved ${DATE.format(new Date(page.updatedAt))} by ${page.updatedBy}` : null}
              </Text>
            </>
          ) : (
            <>
              <Badge color="gray">Not published</Badge>
              <Text size="sm">Saving publishes it at {page.path}.</Text>
            </>
          )}
        </Group>
        {page.saved ? null : (
          <Alert color="plum" icon={<IconInfoCircle aria-hidden="true" />} title={STARTER_NOTICE}>
            Fill in the words in [square brackets] (your business name, contact email, address) and check that every
            promise matches how you work. This text is a starting point, not legal advice.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Textarea
            id={textareaId}
            label={`${page.title} (Markdown)`}
            description="## for a heading, **bold**, - for a list, [text](https://…) for a link. HTML is shown as text."
            value={markdown}
            onChange={(event) => setMarkdown(event.currentTarget.value)}
            error={error}
            autosize
            minRows={14}
            maxRows={30}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
          />
          <Paper withBorder p="md" radius="md" component="section" aria-label={`Preview of the ${page.title}`}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb="xs">
              Preview
            </Text>
            <Text fw={700} size="xl">
              {page.title}
            </Text>
            <SitePageContent html={renderSitePageMarkdown(preview)} />
          </Paper>
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save {page.title === 'Frequently asked questions' ? 'FAQ' : page.title}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
