import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  List,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { FACILITATOR_SEES, mentorWeekSchema } from '../../../shared/facilitator-schemas';
import { formatDate } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { notify } from '../../components/notifications';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { focusFirstInvalid, rememberFocus, returnFocus, useFocusWhenReady } from '../../lib/focus';
import { refusedFields } from '../../lib/refused-fields';
import { trpc } from '../../trpc';

const CODE_PATTERN = /^(JOIN|SEAT)-[A-Z0-9-]{10,40}$/;

/** The linked facilitator's heading, where the focus goes once "Link us" has linked the couple. */
const LINKED_TITLE_ID = 'mentor-linked-title';
/** The consent step's question, which a typed code brings the focus to. */
const CONSENT_TITLE_ID = 'mentor-consent-title';

/** The code form's first line ("You are not linked…"), where the focus goes once "Unlink" has unlinked. */
const NOT_LINKED_ID = 'mentor-not-linked';

/** The weeks shared (or "No week is shared"), where the focus goes once "Stop sharing" has stopped one. */
const SHARED_WEEKS_ID = 'mentor-shared-weeks';

/** The list a couple reads before consenting, and again while linked: exactly what a facilitator sees. */
export function WhatTheySee() {
  const { t } = useT();
  return (
    <List spacing={4}>
      {FACILITATOR_SEES.map((item) => (
        <List.Item key={item}>{t(`facilitator.sees.${item}` as MessageId)}</List.Item>
      ))}
    </List>
  );
}

/**
 * The code form. A code refused, malformed (checked here) or by the server (`refused`: it matches
 * nothing, its seat pack has none left, a removed couple's cohort), keeps the form with the code as
 * typed, its message under the field and the focus in the field, so its message is read out and the
 * couple can correct the code (a code that matched nothing replaced the form, the focus on the body).
 */
function CodeForm({
  onCode,
  linked = false,
  refused,
}: {
  onCode: (code: string) => void;
  /** Linked already (a code to move to another cohort): no "You are not linked" line. */
  linked?: boolean;
  /** The server's refusal of `code` (from a link or typed), shown as the form opens. */
  refused?: { code: string; message: string };
}) {
  const { t } = useT();
  const form = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState(refused?.code ?? '');
  const [error, setError] = useState<string | null>(refused?.message ?? null);
  const refuse = useCallback((message: string) => {
    setError(message);
    // The field takes the focus, so its message is read out (it stayed on Continue, saying nothing).
    focusFirstInvalid(form.current, ['code'], () => true);
  }, []);
  const refusedMessage = refused?.message;
  useEffect(() => {
    if (refusedMessage) refuse(refusedMessage);
  }, [refusedMessage, refuse]);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalized = code.trim().toUpperCase().replace(/\s+/g, '');
    if (!CODE_PATTERN.test(normalized)) return refuse(t('facilitator.couple.codeInvalid'));
    // The code just refused, sent again: refused again, where it is (the page would not change).
    if (refused && normalized === refused.code) return refuse(refused.message);
    onCode(normalized);
  }
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label={t('facilitator.couple.codeForm')}>
      <Stack gap="sm">
        {linked ? null : <Text id={NOT_LINKED_ID}>{t('facilitator.couple.noMentor')}</Text>}
        <TextInput
          label={t('facilitator.couple.codeLabel')}
          name="code"
          placeholder="JOIN-XXXXX-XXXXX-XXXXX-XXXXX"
          value={code}
          error={error}
          autoComplete="off"
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
        />
        <Button type="submit" w="fit-content">
          {t('facilitator.couple.continue')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The consent step: who the facilitator is and what they will see, then "Link us"; a code the
 * server refuses is back in the code form, with why.
 */
function Consent({
  code,
  linked,
  typed,
  onCode,
}: {
  code: string;
  linked: boolean;
  /** The code was typed in the form: the question takes the focus, which the form had. */
  typed: boolean;
  /** Another code typed after a refusal, or undefined once done ("Link us", "Not now"). */
  onCode: (code: string | undefined) => void;
}) {
  const onDone = () => onCode(undefined);
  const { t } = useT();
  const queryClient = useQueryClient();
  const preview = useQuery({ ...trpc.mentor.preview.queryOptions({ code }), retry: false });
  // Continue put a skeleton in the form's place, and the browser dropped the focus to the page's
  // body: the consent question that comes takes it (a link opened from a message leaves it be).
  const askingConsent = preview.isSuccess && preview.data.seat !== 'expired' && preview.data.seat !== 'unavailable';
  const focusWhenReady = useFocusWhenReady();
  useEffect(() => {
    if (typed && askingConsent) focusWhenReady(() => document.getElementById(CONSENT_TITLE_ID));
  }, [typed, askingConsent, focusWhenReady]);
  const link = useMutation(
    trpc.mentor.link.mutationOptions({
      // Linked, this step goes and the focus moves to the facilitator's card that replaces it;
      // refused, it stays on Link us (disabled while the request runs, the browser would drop it to
      // the page) and the refusal is read out (the Alert's role=alert).
      onMutate: rememberFocus,
      onSuccess: (data, _input, remembered) => {
        queryClient.setQueryData(trpc.mentor.get.queryKey(), data);
        notify.success(t('facilitator.couple.linked'));
        onDone();
        returnFocus(remembered, () => document.getElementById(LINKED_TITLE_ID));
      },
      onError: (_error, _input, remembered) => returnFocus(remembered),
    }),
  );
  if (preview.isPending) return <Skeleton height={180} role="status" aria-label={t('facilitator.couple.loading')} />;
  const refusedForm = (reason: string) => (
    <CodeForm
      onCode={onCode}
      linked={linked}
      refused={{ code, message: t('facilitator.couple.codeNotFound', { reason }) }}
    />
  );
  if (preview.isError) return refusedForm(errorMessage(preview.error, t('facilitator.couple.codeNotFoundFallback')));
  const found = preview.data;
  if (found.seat === 'expired' || found.seat === 'unavailable') {
    // A seat code that can give no seat links nobody (linkWithCode refuses it): nothing to consent to.
    return refusedForm(
      t(found.seat === 'expired' ? 'facilitator.couple.seatExpired' : 'facilitator.couple.seatUnavailable'),
    );
  }
  return (
    <Stack gap="md" aria-labelledby={CONSENT_TITLE_ID}>
      <Title order={2} id={CONSENT_TITLE_ID}>
        {t('facilitator.couple.consentTitle', { name: found.facilitatorName })}
      </Title>
      <Text>
        {t('facilitator.couple.consentIntro', {
          name: found.facilitatorName,
          cohort: found.cohortName,
          organisation: found.organisation ?? '',
          hasOrganisation: found.organisation ? 'yes' : 'no',
        })}
      </Text>
      {found.kind === 'seat' ? (
        <Alert color="blue" role="note">
          {t('facilitator.couple.seatNote', { count: found.seatsLeft ?? 0 })}
        </Alert>
      ) : null}
      <Text fw={600}>{t('facilitator.couple.theyWillSee')}</Text>
      <WhatTheySee />
      <Text>{t('facilitator.couple.neverSee', { privateAnswers: found.privateAnswers ? 'on' : 'off' })}</Text>
      {/* Either partner alone consents; with private answers off, one alone shares both partners' answers. */}
      <Text>{t('facilitator.couple.whoConsents', { privateAnswers: found.privateAnswers ? 'on' : 'off' })}</Text>
      {link.isError ? (
        <Alert color="red" title={t('facilitator.couple.notLinked')}>
          {errorMessage(link.error, t('facilitator.couple.notLinkedFallback'))}
        </Alert>
      ) : null}
      <Group>
        <Button loading={link.isPending} onClick={() => link.mutate({ code })}>
          {t('facilitator.couple.linkUs')}
        </Button>
        <Button variant="subtle" onClick={onDone} disabled={link.isPending}>
          {t('facilitator.couple.notNow')}
        </Button>
      </Group>
    </Stack>
  );
}

function Sharing({ sharedWeeks }: { sharedWeeks: { weekNumber: number; sharedAt: string }[] }) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const [week, setWeek] = useState<number | string>(1);
  // A week out of range stays as typed, with the field's message, and nothing is shared.
  const [weekRefused, setWeekRefused] = useState(false);
  const onDone = (data: unknown) => queryClient.setQueryData(trpc.mentor.get.queryKey(), data as never);
  const share = useMutation(
    trpc.mentor.shareWeek.mutationOptions({
      // The focus stays on Share (disabled while the request runs, the browser would drop it to the
      // page); a refusal is read out (the Alert's role=alert).
      onMutate: rememberFocus,
      onSettled: (_data, _error, _input, remembered) => returnFocus(remembered),
      onSuccess: (data) => {
        onDone(data);
        notify.success(t('facilitator.couple.shared', { week: Number(week) }));
      },
    }),
  );
  const unshare = useMutation(
    trpc.mentor.unshareWeek.mutationOptions({
      // Stopped, its button goes with the week and the focus moves to the weeks still shared (or
      // "No week is shared"); refused, it stays on the button (disabled while the request runs, the
      // browser would drop it to the page) and the refusal is read out (the error toast's role=alert).
      onMutate: rememberFocus,
      onSuccess: (data, _input, remembered) => {
        onDone(data);
        returnFocus(remembered, () => document.getElementById(SHARED_WEEKS_ID));
      },
      onError: (_error, _input, remembered) => returnFocus(remembered),
    }),
  );
  return (
    <Stack gap="sm">
      <Title order={2}>{t('facilitator.couple.shareTitle')}</Title>
      <Text>{t('facilitator.couple.shareIntro')}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const input = { weekNumber: Number(week) };
          const refused = refusedFields(mentorWeekSchema, input, ['weekNumber'] as const).size > 0;
          setWeekRefused(refused);
          if (!refused) share.mutate(input);
        }}
        aria-label={t('facilitator.couple.shareForm')}
      >
        <Group align="flex-end">
          <NumberInput
            label={t('facilitator.couple.weekLabel')}
            min={1}
            max={TOTAL_WEEKS}
            error={weekRefused ? t('facilitator.couple.invalidWeek', { max: TOTAL_WEEKS }) : undefined}
            value={week}
            onChange={(value) => {
              setWeek(value);
              setWeekRefused(false);
            }}
            w={120}
          />
          <Button type="submit" loading={share.isPending}>
            {t('facilitator.couple.shareButton')}
          </Button>
        </Group>
      </form>
      {share.isError ? (
        <Alert color="red" title={t('facilitator.couple.notShared')}>
          {errorMessage(share.error, t('facilitator.couple.notSharedFallback'))}
        </Alert>
      ) : null}
      {unshare.isError ? (
        <Alert color="red">
          {errorMessage(unshare.error, t('facilitator.couple.notUnshared', { week: unshare.variables.weekNumber }))}
        </Alert>
      ) : null}
      {sharedWeeks.length === 0 ? (
        <Text c="dimmed" id={SHARED_WEEKS_ID}>
          {t('facilitator.couple.noneShared')}
        </Text>
      ) : (
        <List spacing={6} aria-label={t('facilitator.couple.sharedList')} id={SHARED_WEEKS_ID}>
          {sharedWeeks.map((shared) => (
            <List.Item key={shared.weekNumber}>
              <Group gap="sm">
                <Text>
                  {t('facilitator.couple.sharedWeek', {
                    week: shared.weekNumber,
                    date: formatDate(locale, shared.sharedAt),
                  })}
                </Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  loading={unshare.isPending && unshare.variables?.weekNumber === shared.weekNumber}
                  onClick={() => unshare.mutate({ weekNumber: shared.weekNumber })}
                  aria-label={t('facilitator.couple.unshareWeek', { week: shared.weekNumber })}
                >
                  {t('facilitator.couple.unshare')}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * `/mentor` (issue 38, docs/facilitators.md#for-couples): the couple's facilitator, what they see,
 * the weeks shared with them and "Unlink"; with a code (`#code=`, decision 0367) the consent step comes first.
 */
export function MentorPage({
  code,
  onCode,
}: {
  code: string | undefined;
  /** Shows the consent step for a typed code (undefined: back to the page without one). */
  onCode: (code: string | undefined) => void;
}) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const mentor = useQuery(trpc.mentor.get.queryOptions());
  const [typed, setTyped] = useState(false);
  const typeCode = (next: string | undefined) => {
    if (next !== undefined) setTyped(true);
    onCode(next);
  };
  const unlink = useMutation(
    trpc.mentor.unlink.mutationOptions({
      // Unlinked, the facilitator's card goes and the focus moves to the code form in its place;
      // refused, it stays on Unlink (disabled while the request runs, the browser would drop it to
      // the page) and the refusal is read out (the Alert's role=alert).
      onMutate: rememberFocus,
      onSuccess: (data, _input, remembered) => {
        queryClient.setQueryData(trpc.mentor.get.queryKey(), data);
        notify.success(t('facilitator.couple.unlinked'));
        returnFocus(remembered, () => document.getElementById(NOT_LINKED_ID));
      },
      onError: (_error, _input, remembered) => returnFocus(remembered),
    }),
  );
  return (
    <Container size="sm" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg">
        <Title order={1}>{t('facilitator.couple.title')}</Title>
        {code ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Consent key={code} code={code} linked={Boolean(mentor.data?.link)} typed={typed} onCode={typeCode} />
          </Paper>
        ) : null}
        {mentor.isPending ? (
          <Skeleton height={160} role="status" aria-label={t('facilitator.couple.loading')} />
        ) : mentor.isError ? (
          <Alert color="red" title={t('facilitator.couple.loadFailed')}>
            {errorMessage(mentor.error, t('facilitator.couple.reload'))}
          </Alert>
        ) : mentor.data.link ? (
          <>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="sm">
                <Group gap="sm">
                  <Title order={2} id={LINKED_TITLE_ID}>
                    {mentor.data.link.facilitatorName}
                  </Title>
                  {mentor.data.link.active ? null : <Badge color="gray">{t('facilitator.couple.inactive')}</Badge>}
                </Group>
                <Text>
                  {t('facilitator.couple.linkedTo', {
                    cohort: mentor.data.link.cohortName,
                    date: formatDate(locale, mentor.data.link.linkedAt),
                  })}
                </Text>
                <Text fw={600}>{t('facilitator.couple.theySee')}</Text>
                <WhatTheySee />
                {unlink.isError ? (
                  <Alert color="red">{errorMessage(unlink.error, t('facilitator.couple.notUnlinked'))}</Alert>
                ) : null}
                <Button
                  color="red"
                  variant="light"
                  w="fit-content"
                  loading={unlink.isPending}
                  onClick={() => unlink.mutate()}
                >
                  {t('facilitator.couple.unlink')}
                </Button>
                <Text size="sm" c="dimmed">
                  {t('facilitator.couple.unlinkNote')}
                </Text>
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Sharing sharedWeeks={mentor.data.sharedWeeks} />
            </Paper>
          </>
        ) : code ? null : (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <CodeForm onCode={typeCode} />
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
