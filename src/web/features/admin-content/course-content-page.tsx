import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  NavLink,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { Locale } from '../../../shared/i18n/locales';
import type { CourseTranslationState, WeekContentData } from '../../../shared/workbook-schemas';
import { T, useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { trpc } from '../../trpc';
import { WeekContentEditor } from './week-content-editor';

interface CourseContentPageProps {
  /** The week being edited (from the URL). */
  weekNumber: number;
  onSelectWeek: (weekNumber: number) => void;
  /** Told whether the open week has changes not saved yet (in either language). */
  onUnsavedChange?: (unsaved: boolean) => void;
  /** The week exactly as couples see it (composed by the route from the workbook feature). */
  renderPreview: (content: WeekContentData) => ReactNode;
  /** Shown in each edition's editor under its status line (the route passes the plan feature's core-week switch). */
  renderWeekSettings?: (weekNumber: number) => ReactNode;
}

/** The editions edited side by side (decision 0232): English first, the source of the ids. */
const EDITIONS = ['en', 'es'] as const satisfies readonly Locale[];

/**
 * `/admin/content` (docs/product.md#admin-screen): the 52 weeks with their status and their Spanish
 * translation's, and the chosen week's editor in both languages: side by side on a wide screen, a
 * tab per language on a narrow one (both stay mounted, so switching keeps unsaved changes).
 */
export function CourseContentPage({
  weekNumber,
  onSelectWeek,
  renderPreview,
  onUnsavedChange,
  renderWeekSettings,
}: CourseContentPageProps) {
  const { t } = useT();
  const weeks = useQuery(trpc.courseContent.list.queryOptions());
  const edited = weeks.data?.filter((item) => item.status === 'edited').length ?? 0;
  const wide = useMediaQuery('(min-width: 75em)');
  const [language, setLanguage] = useState<string | null>('en');

  const unsavedBy = useRef<Record<Locale, boolean>>({ en: false, es: false });
  const reportUnsaved = useCallback(
    (locale: Locale, unsaved: boolean) => {
      unsavedBy.current[locale] = unsaved;
      onUnsavedChange?.(unsavedBy.current.en || unsavedBy.current.es);
    },
    [onUnsavedChange],
  );
  const onEnglishChange = useCallback((unsaved: boolean) => reportUnsaved('en', unsaved), [reportUnsaved]);
  const onSpanishChange = useCallback((unsaved: boolean) => reportUnsaved('es', unsaved), [reportUnsaved]);
  const translationState = weeks.data?.find((item) => item.weekNumber === weekNumber)?.translations?.es;

  const edition = (locale: Locale) => (
    <EditionEditor
      key={locale}
      weekNumber={weekNumber}
      locale={locale}
      translationState={locale === 'en' ? undefined : translationState}
      renderPreview={renderPreview}
      onUnsavedChange={locale === 'en' ? onEnglishChange : onSpanishChange}
      renderWeekSettings={renderWeekSettings}
    />
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('content-editor.page.title')}</Title>
        <Text c="dimmed">{t('content-editor.page.intro')}</Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4, xl: 3 }}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {weeks.data
                ? t('content-editor.page.editedCount', { edited, total: weeks.data.length })
                : t('content-editor.page.loadingWeeks')}
            </Text>
            {weeks.isError ? (
              <LoadFailed title={t('content-editor.page.weeksError')} query={weeks} />
            ) : (
              <ScrollArea.Autosize mah={420} type="auto">
                <nav aria-label={t('content-editor.page.weeksNav')}>
                  {weeks.data
                    ? weeks.data.map((item) => (
                        <NavLink
                          key={item.weekNumber}
                          component="button"
                          type="button"
                          active={item.weekNumber === weekNumber}
                          aria-current={item.weekNumber === weekNumber ? 'page' : undefined}
                          onClick={() => onSelectWeek(item.weekNumber)}
                          // The English edition's title, marked as English on a Spanish page (WCAG 3.1.2).
                          label={
                            <T
                              id="content-editor.page.weekLabel"
                              values={{ number: item.weekNumber, title: item.title }}
                              components={{ 0: <span lang="en" /> }}
                            />
                          }
                          // The badges take at most half the row and wrap, so the week's title keeps
                          // room to be read whole, even with a reader's wider text spacing (WCAG 1.4.12).
                          styles={{ section: { maxWidth: '50%' } }}
                          rightSection={
                            <Group gap={4} justify="flex-end">
                              <Badge size="sm" variant={item.status === 'edited' ? 'filled' : 'light'} color="plum">
                                {item.status === 'edited'
                                  ? t('content-editor.status.edited')
                                  : t('content-editor.status.default')}
                              </Badge>
                              <TranslationBadge state={item.translations?.es} />
                            </Group>
                          }
                        />
                      ))
                    : ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((row) => <Skeleton key={row} height={36} mb={6} />)}
                </nav>
              </ScrollArea.Autosize>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, xl: 9 }}>
          {wide ? (
            <SimpleGrid cols={2} spacing="lg">
              {EDITIONS.map((locale) => (
                <section key={locale} aria-label={t(`content-editor.edition.${locale}`)}>
                  <Stack gap="xs">
                    {/* h2 like the week's heading inside it: an h3 first broke the heading order. */}
                    <Title order={2} size="h4">
                      {t(`content-editor.language.${locale}`)}
                    </Title>
                    {edition(locale)}
                  </Stack>
                </section>
              ))}
            </SimpleGrid>
          ) : (
            <Tabs value={language} onChange={setLanguage} variant="pills">
              <Tabs.List aria-label={t('content-editor.page.languages')} mb="md">
                {EDITIONS.map((locale) => (
                  <Tabs.Tab key={locale} value={locale}>
                    {t(`content-editor.language.${locale}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {EDITIONS.map((locale) => (
                <Tabs.Panel key={locale} value={locale}>
                  {edition(locale)}
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A week's Spanish state in words (never colour alone); nothing when it is up to date. */
/** Outlined in shades that keep 4.5:1 on white (orange and yellow outlines did not). */
function TranslationBadge({ state }: { state: CourseTranslationState | undefined }) {
  const { t } = useT();
  if (state === 'missing') {
    return (
      <Badge size="sm" variant="outline" color="red.8">
        {t('content-editor.translation.missing')}
      </Badge>
    );
  }
  if (state === 'outdated') {
    return (
      <Badge size="sm" variant="outline" color="gray.8">
        {t('content-editor.translation.outdated')}
      </Badge>
    );
  }
  return null;
}

/** One language's edition of the week: loaded on its own, saved with its `locale`. */
function EditionEditor({
  weekNumber,
  locale,
  translationState,
  renderPreview,
  onUnsavedChange,
  renderWeekSettings,
}: {
  weekNumber: number;
  locale: Locale;
  translationState: CourseTranslationState | undefined;
  renderPreview: (content: WeekContentData) => ReactNode;
  onUnsavedChange: (unsaved: boolean) => void;
  renderWeekSettings: ((weekNumber: number) => ReactNode) | undefined;
}) {
  const { t } = useT();
  const week = useQuery(trpc.courseContent.get.queryOptions(locale === 'en' ? { weekNumber } : { weekNumber, locale }));
  // Another week: nothing of the last one is left unsaved.
  useEffect(() => () => onUnsavedChange(false), [onUnsavedChange]);

  if (week.isError)
    return <LoadFailed title={t('content-editor.page.weekError', { number: weekNumber })} query={week} />;
  if (!week.data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('content-editor.page.loadingWeek', { number: weekNumber })}>
        <Skeleton height={36} width="40%" />
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={80} />
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {week.data.realigned ? (
        <Alert color="orange" variant="light" role="note">
          {t('content-editor.edition.realigned')}
        </Alert>
      ) : (
        translationState === 'missing' && (
          <Alert color="orange" variant="light" role="note">
            {t('content-editor.edition.missing')}
          </Alert>
        )
      )}
      {translationState === 'outdated' && (
        <Alert color="yellow" variant="light" role="note">
          {t('content-editor.edition.outdated')}
        </Alert>
      )}
      <WeekContentEditor
        // A new week, or a newer version of it, starts a fresh form.
        key={`${week.data.weekNumber} ${week.data.updatedAt}`}
        week={week.data}
        locale={locale}
        renderPreview={renderPreview}
        onUnsavedChange={onUnsavedChange}
        renderWeekSettings={renderWeekSettings}
      />
    </Stack>
  );
}

/** The weeks or a week that could not be loaded: the server's message (or the page's) and Try again. */
function LoadFailed({ title, query }: { title: string; query: { error: unknown; refetch: () => unknown } }) {
  const { t } = useT();
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        {errorMessage(query.error, t('content-editor.page.tryAgainText'))}
        <Button variant="light" color="red" onClick={() => query.refetch()}>
          {t('content-editor.page.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
