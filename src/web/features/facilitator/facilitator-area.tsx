import {
  Alert,
  Badge,
  Button,
  Code,
  Container,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { type FormEvent, useEffect, useState } from 'react';
import { GrowingTextarea } from '../../components/growing-textarea';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  buySeatsSchema,
  COHORT_MESSAGE_MAX_LENGTH,
  COHORT_NAME_MAX_LENGTH,
  COHORT_SUBJECT_MAX_LENGTH,
  createCohortSchema,
  facilitatorSignInSchema,
  messageCohortSchema,
  SEATS_MAX,
  totpCodeSchema,
} from '../../../shared/facilitator-schemas';
import { DEFAULT_CURRENCY, PRICE_CENTS } from '../../../shared/constants';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/i18n/format';
import type { MessageId } from '../../../shared/i18n/locales';
import { notify } from '../../components/notifications';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { errorMessage } from '../../lib/api-error';
import { PasswordField } from '../../components/password-field';
import { focusFirstInvalid, focusWhenReady, type RememberedFocus, rememberFocus, returnFocus } from '../../lib/focus';
import { refusedFields } from '../../lib/refused-fields';
import { notifySignOutFailed } from '../../lib/use-sign-out';
import { type RouterOutputs, trpc } from '../../trpc';

type Cohort = RouterOutputs['facilitator']['cohorts'][number];

/** The id of a cohort's heading over its table, where the focus goes once the cohort is created. */
const cohortTitleId = (cohortId: number) => `cohort-${cohortId}-title`;

/** Removes `field` from a set of refused fields once it is typed in again. */
function without<F>(refused: ReadonlySet<F>, field: F): ReadonlySet<F> {
  return refused.has(field) ? new Set([...refused].filter((name) => name !== field)) : refused;
}

/** An authenticator code the server would refuse: the field's own message, nothing sent. */
function codeRefused(code: string): boolean {
  return !totpCodeSchema.safeParse({ code }).success;
}
type CohortCouple = RouterOutputs['facilitator']['cohort']['couples'][number];

/** The sign-in form's heading (where the focus goes once signed out) and its code field. */
const SIGN_IN_TITLE_ID = 'facilitator-sign-in-title';
const SIGN_IN_CODE_ID = 'facilitator-sign-in-code';

function SignInForm() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  // A missing or malformed field stays as typed, with its message in the page's language (never
  // the browser's own bubble), and nothing is sent.
  const [refused, setRefused] = useState<ReadonlySet<'email' | 'password' | 'code'>>(new Set());
  const signIn = useMutation(
    trpc.facilitator.signIn.mutationOptions({
      // Signed in, the focus goes to the area's heading that replaces this form, or to the code
      // field when a code is asked for; refused, it stays on Sign in (disabled while the request
      // runs, the browser would drop it to the page) and the refusal is read out (the Alert's role=alert).
      onMutate: rememberFocus,
      onSuccess: async (result, _input, remembered) => {
        if (result.secondFactorRequired) {
          setNeedsCode(true);
          returnFocus(remembered, () => document.getElementById(SIGN_IN_CODE_ID));
        } else {
          await queryClient.invalidateQueries({ queryKey: trpc.facilitator.pathKey() });
          returnFocus(remembered, () => document.getElementById(AREA_TITLE_ID));
        }
      },
      onError: (_error, _input, remembered) => returnFocus(remembered),
    }),
  );
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { email, password, ...(needsCode && { code }) };
    const fields = new Set(refusedFields(facilitatorSignInSchema, input, ['email', 'password'] as const));
    const wrong: ReadonlySet<'email' | 'password' | 'code'> =
      needsCode && codeRefused(code) ? new Set([...fields, 'code' as const]) : fields;
    setRefused(wrong);
    if (wrong.size === 0) signIn.mutate(input);
    // Refused here, before anything is sent: the first refused field takes the focus, and says why.
    else focusFirstInvalid(event.currentTarget, ['email', 'password', 'code'], (field) => wrong.has(field));
  }
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={460}>
      <form noValidate onSubmit={submit} aria-label={t('facilitator.signIn.form')}>
        <Stack gap="md">
          <Title order={1} id={SIGN_IN_TITLE_ID}>
            {t('facilitator.signIn.title')}
          </Title>
          <Text c="dimmed">{t('facilitator.signIn.intro')}</Text>
          <TextInput
            label={t('facilitator.signIn.email')}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            error={
              refused.has('email')
                ? t(email.trim() === '' ? 'errors.field.enterEmail' : 'errors.field.emailInvalid')
                : undefined
            }
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setRefused((current) => without(current, 'email'));
            }}
          />
          <PasswordField
            label={t('facilitator.signIn.password')}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            error={refused.has('password') ? t('errors.field.enterPassword') : undefined}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setRefused((current) => without(current, 'password'));
            }}
          />
          {needsCode ? (
            <TextInput
              id={SIGN_IN_CODE_ID}
              label={t('facilitator.signIn.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              error={refused.has('code') ? t('facilitator.signIn.invalidCode') : undefined}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setRefused((current) => without(current, 'code'));
              }}
            />
          ) : null}
          {signIn.isError ? (
            <Alert color="red">{codeErrorMessage(signIn.error, t('facilitator.signIn.failed'))}</Alert>
          ) : null}
          <Button type="submit" loading={signIn.isPending} w="fit-content">
            {t('facilitator.signIn.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * A link to give couples, with Copy and, for its owner, "New code" (decision 0354): asked about
 * first in a dialog saying what happens; once issued, the focus moves to the new link.
 */
function LinkToShare({
  label,
  labelId,
  value,
  newCode,
}: {
  label: string;
  /** The label's id, for a focus move to it. */
  labelId?: string;
  value: string;
  newCode?: {
    /** The button's accessible name: which cohort's or pack's code. */
    label: string;
    title: string;
    explain: string;
    /** Issues the new code and answers its new link. */
    issue: () => Promise<string>;
  };
}) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const renew = useMutation({
    mutationFn: async () => newCode!.issue(),
    onMutate: rememberFocus,
    onSuccess: (link) => {
      setAsking(false);
      notify.success(t('facilitator.area.newCodeDone'));
      // The new link, once it shows: the old one is gone, so the focus goes where the code is read.
      focusWhenReady(
        () =>
          [...document.querySelectorAll<HTMLElement>('[data-link]')].find(
            (code) => code.getAttribute('data-link') === link,
          ) ?? null,
      );
    },
    onError: (_error, _input, remembered) => returnFocus(remembered),
  });
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" id={labelId}>
        {label}
      </Text>
      <Code data-link={value}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-sm" variant="light" onClick={copy}>
            {copied ? t('facilitator.area.copied') : t('facilitator.area.copy')}
          </Button>
        )}
      </CopyButton>
      {newCode ? (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={newCode.label}
            onClick={() => {
              renew.reset();
              setAsking(true);
            }}
          >
            {t('facilitator.area.newCode')}
          </Button>
          <ConfirmDialog
            title={asking ? newCode.title : null}
            cancelLabel={t('facilitator.area.cancel')}
            confirmLabel={t('facilitator.area.newCodeConfirm')}
            pending={renew.isPending}
            onCancel={() => setAsking(false)}
            onConfirm={() => renew.mutate()}
          >
            <Text>{newCode.explain}</Text>
            {renew.isError ? (
              <Alert color="red">{errorMessage(renew.error, t('facilitator.area.newCodeFailed'))}</Alert>
            ) : null}
          </ConfirmDialog>
        </>
      ) : null}
    </Group>
  );
}

type SharedPartner = RouterOutputs['facilitator']['sharedWeek']['partners'][number];

const isAnswered = (item: { answer: string }) => item.answer.trim() !== '';

/** The partners who wrote anything in the week: a reflection answer, the activity or the commitment. */
function answeredPartners(partners: SharedPartner[]): SharedPartner[] {
  return partners.filter(
    (answers) =>
      answers.reflectionAnswers.some(isAnswered) ||
      answers.activityResponse.trim() !== '' ||
      answers.weeklyCommitment.trim() !== '',
  );
}

type PartnerNames = Record<SharedPartner['partner'], string>;

/**
 * Each partner by the name the couple gave, or "First partner" / "Second partner" when they gave
 * none (QA walk: the shared week said "First partner" beside the couple's names).
 */
function partnerNames(couple: CohortCouple, t: ReturnType<typeof useT>['t']): PartnerNames {
  return {
    partner1: couple.names.displayName.trim() || t('facilitator.area.partner1'),
    partner2: couple.names.partnerName.trim() || t('facilitator.area.partner2'),
  };
}

function SharedWeek({
  coupleId,
  weekNumber,
  names,
  onClose,
}: {
  coupleId: number;
  weekNumber: number;
  names: PartnerNames;
  onClose: () => void;
}) {
  const { t } = useT();
  const week = useQuery({ ...trpc.facilitator.sharedWeek.queryOptions({ coupleId, weekNumber }), retry: false });
  return (
    <Paper withBorder radius="md" p="md" aria-label={t('facilitator.area.sharedWeekTitle', { week: weekNumber })}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{t('facilitator.area.sharedWeekTitle', { week: weekNumber })}</Title>
          <Button size="compact-sm" variant="subtle" onClick={onClose}>
            {t('facilitator.area.close')}
          </Button>
        </Group>
        {week.isPending ? (
          <Skeleton height={80} role="status" aria-label={t('facilitator.area.loading')} />
        ) : week.isError ? (
          <Alert color="red">{errorMessage(week.error, t('facilitator.area.weekNotAvailable'))}</Alert>
        ) : (
          <>
            <Text fw={600}>{week.data.title}</Text>
            {/* Shared before anything was written (an open week not answered yet): said, not a bare title. */}
            {answeredPartners(week.data.partners).length === 0 ? (
              <Text c="dimmed">{t('facilitator.area.nothingAnswered')}</Text>
            ) : null}
            {answeredPartners(week.data.partners).map((answers) => (
              <Stack key={answers.partner} gap={4}>
                <Text fw={600}>{names[answers.partner]}</Text>
                {answers.reflectionAnswers.filter(isAnswered).map((item) => (
                  <Text key={item.id} size="sm">
                    {item.question ? <strong>{item.question} </strong> : null}
                    {item.answer}
                  </Text>
                ))}
                {answers.activityResponse ? (
                  <Text size="sm">
                    <strong>{t('facilitator.area.activity')} </strong>
                    {answers.activityResponse}
                  </Text>
                ) : null}
                {answers.weeklyCommitment ? (
                  <Text size="sm">
                    <strong>{t('facilitator.area.commitment')} </strong>
                    {answers.weeklyCommitment}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Paper>
  );
}

const STATUS_COLORS = { notStarted: 'gray', stuck: 'orange', onTrack: 'green', finished: 'blue' } as const;

function CohortTable({ cohort }: { cohort: Cohort }) {
  const { t, locale } = useT();
  const table = useQuery(trpc.facilitator.cohort.queryOptions({ cohortId: cohort.id }));
  const [open, setOpen] = useState<{ coupleId: number; weekNumber: number; names: PartnerNames } | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [refused, setRefused] = useState<ReadonlySet<'subject' | 'body'>>(new Set());
  // Sent, but to nobody (every couple of the cohort turned our emails off): an error, and the
  // text stays for when they can be reached.
  const [nobodyReached, setNobodyReached] = useState(false);
  const message = useMutation(
    trpc.facilitator.messageCohort.mutationOptions({
      // The focus stays on Send (disabled while the request runs, the browser would drop it to the
      // page); a refusal, or nobody reached, is read out (the Alert's role=alert).
      onMutate: rememberFocus,
      onSettled: (_result, _error, _input, remembered) => returnFocus(remembered),
      onSuccess: (result) => {
        if (result.queued === 0) {
          setNobodyReached(true);
          return;
        }
        notify.success(t('facilitator.area.messageSent', { count: result.queued }));
        setSubject('');
        setBody('');
      },
    }),
  );
  const queryClient = useQueryClient();
  const newJoinCode = useMutation(trpc.facilitator.newJoinCode.mutationOptions());
  // The couple asked about before removing them (decision 0353), named as the table names them.
  const [removing, setRemoving] = useState<{ coupleId: number; couple: string } | null>(null);
  const remove = useMutation(
    trpc.facilitator.removeCouple.mutationOptions({
      // Removed, their row goes: the focus moves to the cohort's heading over the table; refused,
      // it stays on the dialog's confirm button, under the refusal (role=alert).
      onMutate: rememberFocus,
      onSuccess: async () => {
        const couple = removing?.couple ?? '';
        setRemoving(null);
        notify.success(t('facilitator.area.removed', { couple, cohort: cohort.name }));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.facilitator.cohort.queryKey({ cohortId: cohort.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.facilitator.cohorts.queryKey() }),
        ]);
        focusWhenReady(() => document.getElementById(cohortTitleId(cohort.id)));
      },
      onError: (_error, _input, remembered) => returnFocus(remembered),
    }),
  );
  // Nobody to write to yet: the form says why instead of sending to an empty cohort.
  const noCouples = table.isSuccess && table.data.couples.length === 0;
  const noCouplesId = `cohort-${cohort.id}-no-couples`;
  const row = (couple: CohortCouple) => {
    const names = partnerNames(couple, t);
    const coupleLabel = t('facilitator.area.coupleNames', { first: names.partner1, second: names.partner2 });
    return (
      <Table.Tr key={couple.coupleId}>
        <Table.Td>{coupleLabel}</Table.Td>
        <Table.Td>{couple.weddingDate ? formatDate(locale, couple.weddingDate) : '—'}</Table.Td>
        <Table.Td>
          <Badge color={STATUS_COLORS[couple.status]} variant="light">
            {t(`facilitator.status.${couple.status}` as MessageId)}
          </Badge>
        </Table.Td>
        <Table.Td>
          {t('facilitator.area.weeksDone', { count: couple.weeksCompleted.length })}
          {couple.weeksCompleted.length > 0 ? (
            <Text size="xs" c="dimmed">
              {couple.weeksCompleted
                .slice(-3)
                .map((week) =>
                  t('facilitator.area.weekDoneOn', {
                    week: week.weekNumber,
                    date: formatDate(locale, week.completedAt),
                    rating: week.rating ?? 0,
                  }),
                )
                .join(' · ')}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>{t('facilitator.area.streakWeeks', { count: couple.streak })}</Table.Td>
        <Table.Td>
          {couple.lastActiveAt ? formatDateTime(locale, couple.lastActiveAt) : t('facilitator.area.never')}
        </Table.Td>
        <Table.Td>
          {couple.sharedWeeks.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('facilitator.area.nothingShared')}
            </Text>
          ) : (
            <Group gap={4}>
              {couple.sharedWeeks.map((weekNumber) => (
                <Button
                  key={weekNumber}
                  size="compact-sm"
                  variant="light"
                  onClick={() => setOpen({ coupleId: couple.coupleId, weekNumber, names })}
                  aria-label={t('facilitator.area.openSharedWeek', { week: weekNumber, couple: coupleLabel })}
                >
                  {t('facilitator.area.weekShort', { week: weekNumber })}
                </Button>
              ))}
            </Group>
          )}
        </Table.Td>
        <Table.Td>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={t('facilitator.area.removeCouple', { couple: coupleLabel, cohort: cohort.name })}
            onClick={() => {
              remove.reset();
              setRemoving({ coupleId: couple.coupleId, couple: coupleLabel });
            }}
          >
            {t('facilitator.area.remove')}
          </Button>
        </Table.Td>
      </Table.Tr>
    );
  };
  return (
    <Stack gap="md">
      <Title order={2} id={cohortTitleId(cohort.id)}>
        {cohort.name}
      </Title>
      <LinkToShare
        label={t('facilitator.area.joinLink')}
        value={cohort.joinLink}
        newCode={{
          label: t('facilitator.area.newJoinCodeFor', { cohort: cohort.name }),
          title: t('facilitator.area.newJoinCodeTitle', { cohort: cohort.name }),
          explain: t('facilitator.area.newJoinCodeExplain', { cohort: cohort.name }),
          issue: async () => {
            const renewed = await newJoinCode.mutateAsync({ cohortId: cohort.id });
            await queryClient.invalidateQueries({ queryKey: trpc.facilitator.cohorts.queryKey() });
            return renewed.joinLink;
          },
        }}
      />
      {table.isPending ? (
        <Skeleton height={120} role="status" aria-label={t('facilitator.area.loading')} />
      ) : table.isError ? (
        <Alert color="red">{errorMessage(table.error, t('facilitator.area.reload'))}</Alert>
      ) : table.data.couples.length === 0 ? (
        <Text>{t('facilitator.area.emptyCohort')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped aria-label={t('facilitator.area.cohortTable', { cohort: cohort.name })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('facilitator.col.couple')}</Table.Th>
                <Table.Th>{t('facilitator.col.wedding')}</Table.Th>
                <Table.Th>{t('facilitator.col.status')}</Table.Th>
                <Table.Th>{t('facilitator.col.weeks')}</Table.Th>
                <Table.Th>{t('facilitator.col.streak')}</Table.Th>
                <Table.Th>{t('facilitator.col.lastActive')}</Table.Th>
                <Table.Th>{t('facilitator.col.shared')}</Table.Th>
                <Table.Th>{t('facilitator.col.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{table.data.couples.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {open ? <SharedWeek key={`${open.coupleId}-${open.weekNumber}`} {...open} onClose={() => setOpen(null)} /> : null}
      <ConfirmDialog
        title={removing ? t('facilitator.area.removeTitle', { couple: removing.couple }) : null}
        cancelLabel={t('facilitator.area.cancel')}
        confirmLabel={t('facilitator.area.removeConfirm')}
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ cohortId: cohort.id, coupleId: removing.coupleId })}
      >
        {removing ? (
          <>
            <Text>{t('facilitator.area.removeExplain', { couple: removing.couple, cohort: cohort.name })}</Text>
            {remove.isError ? (
              <Alert color="red">{errorMessage(remove.error, t('facilitator.area.notRemoved'))}</Alert>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
      <form
        aria-label={t('facilitator.area.messageForm', { cohort: cohort.name })}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (noCouples) return;
          const input = { cohortId: cohort.id, subject, body };
          const fields = refusedFields(messageCohortSchema, input, ['subject', 'body'] as const);
          setRefused(fields);
          setNobodyReached(false);
          if (fields.size === 0) message.mutate(input);
        }}
      >
        <Stack gap="sm">
          <Title order={3}>{t('facilitator.area.messageTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('facilitator.area.messageIntro')}
          </Text>
          <TextInput
            label={t('facilitator.area.subject')}
            required
            maxLength={COHORT_SUBJECT_MAX_LENGTH}
            value={subject}
            error={
              refused.has('subject')
                ? t('facilitator.area.invalid.subject', { max: COHORT_SUBJECT_MAX_LENGTH })
                : undefined
            }
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              setRefused((current) => without(current, 'subject'));
            }}
          />
          <GrowingTextarea
            label={t('facilitator.area.body')}
            required
            minRows={3}
            maxLength={COHORT_MESSAGE_MAX_LENGTH}
            value={body}
            error={
              refused.has('body') ? t('facilitator.area.invalid.body', { max: COHORT_MESSAGE_MAX_LENGTH }) : undefined
            }
            onChange={(event) => {
              setBody(event.currentTarget.value);
              setRefused((current) => without(current, 'body'));
            }}
          />
          {message.isError ? (
            <Alert color="red">{errorMessage(message.error, t('facilitator.area.notSent'))}</Alert>
          ) : null}
          {nobodyReached ? <Alert color="red">{t('facilitator.area.nobodyReached')}</Alert> : null}
          {noCouples ? (
            <Text size="sm" id={noCouplesId}>
              {t('facilitator.area.noCouplesToMessage')}
            </Text>
          ) : null}
          <Button
            type="submit"
            loading={message.isPending}
            disabled={noCouples}
            aria-describedby={noCouples ? noCouplesId : undefined}
            w="fit-content"
          >
            {t('facilitator.area.send')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/**
 * Back from Stripe, the area asks again every `ms` while the pack's payment is being confirmed, at
 * most `times` times (as /success does); tests shorten it.
 */
export const PACK_POLL = { ms: 3000, times: 100 };

const PACKS_TITLE_ID = 'seat-packs-title';

/** Where the facilitator comes back from Stripe: the pack they paid for, or a payment they left. */
export type PackReturn = number | 'cancelled';

/**
 * What became of the seats just paid for (decision 0351): received and added, still being
 * confirmed (a bank payment can take days), failed (decision 0352), or a payment left on Stripe's
 * page.
 */
function PackReturnNotice({ packReturn, onDismiss }: { packReturn: PackReturn; onDismiss?: () => void }) {
  const { t, locale } = useT();
  const queryClient = useQueryClient();
  const packId = packReturn === 'cancelled' ? 0 : packReturn;
  const pack = useQuery({
    ...trpc.facilitator.pack.queryOptions({ packId }),
    enabled: packReturn !== 'cancelled',
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount <= PACK_POLL.times ? PACK_POLL.ms : false,
  });
  const status = pack.data?.status;
  // Received: the list below shows the new pack and its seat link.
  useEffect(() => {
    if (status !== undefined && status !== 'pending') {
      void queryClient.invalidateQueries({ queryKey: trpc.facilitator.packs.queryKey() });
    }
  }, [status, queryClient]);
  // Closed, the notice goes: the focus moves to the packs' heading, not to the top of the page.
  const dismiss = () => {
    onDismiss?.();
    focusWhenReady(() => document.getElementById(PACKS_TITLE_ID));
  };
  const close = onDismiss
    ? { withCloseButton: true, closeButtonLabel: t('facilitator.area.close'), onClose: dismiss }
    : {};
  if (packReturn === 'cancelled') {
    return (
      <Alert color="gray" title={t('facilitator.return.cancelledTitle')} {...close}>
        {t('facilitator.return.cancelledText')}
      </Alert>
    );
  }
  // An unknown pack (another facilitator's, or a mistyped address): nothing to say about it.
  if (!pack.data) return null;
  const values = {
    seats: pack.data.seats,
    cohort: pack.data.cohortName,
    total: formatMoney(locale, pack.data.amount, pack.data.currency),
  };
  const [color, state] =
    pack.data.status === 'failed'
      ? ['red', 'failed']
      : pack.data.status === 'pending'
        ? ['plum', 'pending']
        : ['green', 'paid'];
  return (
    <Alert color={color} title={t(`facilitator.return.${state}Title` as MessageId)} {...close}>
      {t(`facilitator.return.${state}Text` as MessageId, values)}
    </Alert>
  );
}

/** A pack's badge: green while it gives seats, red when its payment failed, plum while it is being confirmed. */
const PACK_BADGE_COLORS: Partial<Record<string, string>> = { active: 'green', failed: 'red', pending: 'plum' };

function Packs({
  cohorts,
  packReturn,
  onDismissReturn,
}: {
  cohorts: Cohort[];
  packReturn?: PackReturn | undefined;
  onDismissReturn?: (() => void) | undefined;
}) {
  const { t, locale } = useT();
  const packs = useQuery(trpc.facilitator.packs.queryOptions());
  const config = useQuery(trpc.publicConfig.get.queryOptions());
  const queryClient = useQueryClient();
  const newSeatCode = useMutation(trpc.facilitator.newSeatCode.mutationOptions());
  const [seats, setSeats] = useState<number | string>(10);
  // The price before Stripe's page: the seats at the course price, in the page's language.
  const seatPrice = config.data?.priceCents ?? PRICE_CENTS;
  const currency = config.data?.currency ?? DEFAULT_CURRENCY;
  const count = Number(seats);
  const countable = Number.isInteger(count) && count >= 1 && count <= SEATS_MAX;
  const price = formatMoney(locale, seatPrice, currency);
  // A number of seats out of range stays as typed, with the field's message, and nothing is sent.
  const [seatsRefused, setSeatsRefused] = useState(false);
  const buy = useMutation(
    trpc.facilitator.buySeats.mutationOptions({
      // Refused, the focus stays on Buy seats (disabled while the request runs, the browser would
      // drop it to the page) and the refusal is read out (the Alert's role=alert).
      onMutate: rememberFocus,
      onError: (_error, _input, remembered) => returnFocus(remembered),
      onSuccess: ({ url }) => window.location.assign(url),
    }),
  );
  const cardPayments = config.data?.cardPayments ?? false;
  // The empty state points at what is on the page: the buy form only shows with card payments
  // and a cohort to buy seats for.
  const noPacks = !cardPayments
    ? t('facilitator.area.noPacksAsk')
    : cohorts.length === 0
      ? t('facilitator.area.noPacksCreateCohort')
      : t('facilitator.area.noPacks');
  return (
    <Stack gap="md">
      <Title order={2} id={PACKS_TITLE_ID}>
        {t('facilitator.area.packsTitle')}
      </Title>
      {packReturn !== undefined ? <PackReturnNotice packReturn={packReturn} onDismiss={onDismissReturn} /> : null}
      {packs.isPending ? (
        <Skeleton height={80} role="status" aria-label={t('facilitator.area.loading')} />
      ) : packs.isError ? (
        <Alert color="red">{errorMessage(packs.error, t('facilitator.area.reload'))}</Alert>
      ) : packs.data.length === 0 ? (
        <Text>{noPacks}</Text>
      ) : (
        <Stack gap="sm">
          {packs.data.map((pack) => (
            <Paper key={pack.id} withBorder p="sm" radius="md">
              <Stack gap={4}>
                <Group gap="sm">
                  <Text fw={600}>
                    {pack.status === 'pending' || pack.status === 'failed'
                      ? t('facilitator.area.packSeatsBought', { seats: pack.seats })
                      : t('facilitator.area.packSeats', { used: pack.seatsUsed, seats: pack.seats })}
                  </Text>
                  <Badge variant="light" color={PACK_BADGE_COLORS[pack.status] ?? 'gray'}>
                    {t(
                      pack.status === 'pending'
                        ? 'facilitator.area.packBeingConfirmed'
                        : (`facilitator.packStatus.${pack.status}` as MessageId),
                    )}
                  </Badge>
                </Group>
                <Text size="sm">
                  {t('facilitator.area.packCohort', { cohort: pack.cohortName })}
                  {pack.expiresOn
                    ? ` · ${t('facilitator.area.packUntil', { date: formatDate(locale, pack.expiresOn) })}`
                    : ''}
                </Text>
                {/* Its payment still to come, or failed (decision 0366): what happens next, and no seat link. */}
                {pack.status === 'pending' ? <Text size="sm">{t('facilitator.area.packPendingNote')}</Text> : null}
                {pack.status === 'failed' ? <Text size="sm">{t('facilitator.area.packFailedNote')}</Text> : null}
                {/* Only an active pack's seat link is sent (and shown). */}
                {pack.status === 'active' && pack.link !== null ? (
                  <LinkToShare
                    label={t('facilitator.area.seatLink')}
                    value={pack.link}
                    newCode={{
                      label: t('facilitator.area.newSeatCodeFor', { seats: pack.seats, cohort: pack.cohortName }),
                      title: t('facilitator.area.newSeatCodeTitle'),
                      explain: t('facilitator.area.newSeatCodeExplain'),
                      issue: async () => {
                        const renewed = await newSeatCode.mutateAsync({ packId: pack.id });
                        await queryClient.invalidateQueries({ queryKey: trpc.facilitator.packs.queryKey() });
                        return renewed.link;
                      },
                    }}
                  />
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {cardPayments && cohorts.length > 0 ? (
        <form
          noValidate
          aria-label={t('facilitator.area.buyForm')}
          onSubmit={(event) => {
            event.preventDefault();
            const input = { cohortId: cohorts[0]!.id, seats: Number(seats) };
            const refused = refusedFields(buySeatsSchema, input, ['seats'] as const).size > 0;
            setSeatsRefused(refused);
            if (!refused) buy.mutate(input);
          }}
        >
          <Group align="flex-end">
            <NumberInput
              label={t('facilitator.area.seats')}
              min={1}
              max={SEATS_MAX}
              error={seatsRefused ? t('facilitator.area.invalidSeats', { max: SEATS_MAX }) : undefined}
              value={seats}
              onChange={(value) => {
                setSeats(value);
                setSeatsRefused(false);
              }}
              w={140}
            />
            <Button type="submit" loading={buy.isPending} aria-describedby="seat-pack-price">
              {t('facilitator.area.buy', { cohort: cohorts[0]!.name })}
            </Button>
          </Group>
          <Text id="seat-pack-price" mt="xs" aria-live="polite">
            {countable
              ? t('facilitator.area.seatTotal', {
                  seats: count,
                  price,
                  total: formatMoney(locale, seatPrice * count, currency),
                })
              : t('facilitator.area.seatPrice', { price })}
          </Text>
          {buy.isError ? <Alert color="red">{errorMessage(buy.error, t('facilitator.area.notBought'))}</Alert> : null}
        </form>
      ) : null}
    </Stack>
  );
}

/** Where the focus goes in the two-factor section as a step replaces another (decision 0346). */
const TWO_FACTOR_TITLE_ID = 'facilitator-two-factor-title';
const TWO_FACTOR_KEY_ID = 'facilitator-two-factor-key';
const TWO_FACTOR_CODE_ID = 'facilitator-two-factor-code';

function TwoFactor({ enabled }: { enabled: boolean }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [refused, setRefused] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.facilitator.me.queryKey() });
  const focusCode = () => document.getElementById(TWO_FACTOR_CODE_ID);
  // Each button is disabled while its request runs (the browser would drop the focus to the page),
  // and what answers it often replaces it: the focus goes to what comes next (decision 0346).
  const start = useMutation(
    trpc.facilitator.startTwoFactor.mutationOptions({
      // Started, the key and the code field replace the button: the focus goes to the key's line,
      // read first. Refused, it stays on the button and the Alert's role=alert reads why.
      onMutate: rememberFocus,
      onSuccess: (_result, _input, remembered) =>
        returnFocus(remembered, () => document.getElementById(TWO_FACTOR_KEY_ID)),
      onError: (_error, _input, remembered) => returnFocus(remembered),
    }),
  );
  // Turned on or off, the section says so under its heading, which takes the focus; the set-up's
  // key goes (after Turn off it would be a key the server no longer waits for).
  const settled = async (remembered: RememberedFocus | undefined) => {
    await refresh();
    start.reset();
    returnFocus(remembered, () => document.getElementById(TWO_FACTOR_TITLE_ID));
  };
  // Refused (a wrong or old code), the emptied code field takes the focus for the newest code; the
  // Alert's role=alert reads why.
  const confirm = useMutation(
    trpc.facilitator.confirmTwoFactor.mutationOptions({
      onMutate: rememberFocus,
      onSuccess: (_result, _input, remembered) => settled(remembered),
      onError: (_error, _input, remembered) => returnFocus(remembered, focusCode),
    }),
  );
  const disable = useMutation(
    trpc.facilitator.disableTwoFactor.mutationOptions({
      onMutate: rememberFocus,
      onSuccess: (_result, _input, remembered) => settled(remembered),
      onError: (_error, _input, remembered) => returnFocus(remembered, focusCode),
    }),
  );
  const failed = confirm.error ?? disable.error ?? start.error;
  return (
    <Stack gap="sm">
      <Title order={2} id={TWO_FACTOR_TITLE_ID}>
        {t('facilitator.area.twoFactorTitle')}
      </Title>
      <Text>{enabled ? t('facilitator.area.twoFactorOn') : t('facilitator.area.twoFactorOff')}</Text>
      {!enabled && !start.data ? (
        <Button variant="light" w="fit-content" loading={start.isPending} onClick={() => start.mutate()}>
          {t('facilitator.area.twoFactorStart')}
        </Button>
      ) : null}
      {!enabled && start.data ? (
        <LinkToShare
          label={t('facilitator.area.twoFactorSecret')}
          labelId={TWO_FACTOR_KEY_ID}
          value={start.data.secret}
        />
      ) : null}
      {enabled || start.data ? (
        <form
          noValidate
          aria-label={t('facilitator.area.twoFactorTitle')}
          onSubmit={(event) => {
            event.preventDefault();
            const wrong = codeRefused(code);
            setRefused(wrong);
            if (wrong) {
              // Refused here, before anything is sent: the field says why, and takes the focus.
              focusCode()?.focus();
              return;
            }
            (enabled ? disable : confirm).mutate({ code });
            setCode('');
          }}
        >
          <Group align="flex-end">
            <TextInput
              id={TWO_FACTOR_CODE_ID}
              label={t('facilitator.signIn.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              error={refused ? t('facilitator.signIn.invalidCode') : undefined}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setRefused(false);
              }}
              w={160}
            />
            <Button type="submit" variant="light" loading={confirm.isPending || disable.isPending}>
              {enabled ? t('facilitator.area.twoFactorDisable') : t('facilitator.area.twoFactorConfirm')}
            </Button>
          </Group>
        </form>
      ) : null}
      {failed ? <Alert color="red">{codeErrorMessage(failed, t('facilitator.area.twoFactorFailed'))}</Alert> : null}
    </Stack>
  );
}

/**
 * A refusal of a sign-in or two-factor request: the server's bare "Invalid code" (a wrong or used
 * authenticator code) in the area's own words, in either language; anything else as errorMessage says it.
 */
function codeErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.message.trim() === FACILITATOR_CODE_WRONG) {
    return translate('facilitator.area.twoFactorFailed');
  }
  return errorMessage(error, fallback);
}

/** The server's sentence for a wrong authenticator code (src/server/features/facilitators/service.ts). */
const FACILITATOR_CODE_WRONG = 'Invalid code';

/** The area's heading, where the focus goes once an invited facilitator has set their password. */
export const AREA_TITLE_ID = 'facilitator-area-title';

function Area({
  me,
  packReturn,
  onDismissReturn,
}: {
  me: RouterOutputs['facilitator']['me'];
  packReturn?: PackReturn | undefined;
  onDismissReturn?: (() => void) | undefined;
}) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const cohorts = useQuery(trpc.facilitator.cohorts.queryOptions());
  const [selected, setSelected] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [nameRefused, setNameRefused] = useState(false);
  const create = useMutation(
    trpc.facilitator.createCohort.mutationOptions({
      // Created, the focus goes to the new cohort's heading over its table and join link; refused,
      // it stays on Create cohort (disabled while the request runs, the browser would drop it to
      // the page) and the refusal is read out (the Alert's role=alert).
      onMutate: rememberFocus,
      onSuccess: async (cohort, _input, remembered) => {
        setName('');
        setSelected(cohort.id);
        await queryClient.invalidateQueries({ queryKey: trpc.facilitator.cohorts.queryKey() });
        returnFocus(remembered, () => document.getElementById(cohortTitleId(cohort.id)));
      },
      onError: (_error, _input, remembered) => returnFocus(remembered),
    }),
  );
  const signOut = useMutation(
    trpc.facilitator.signOut.mutationOptions({
      // Signed out, the focus goes to the sign-in form's heading that replaces the area; refused,
      // it stays on Sign out (disabled while the request runs, the browser would drop it to the page)
      // and the error toast says so, as the couple's and the admin's sign-outs do.
      onMutate: rememberFocus,
      onSuccess: async (_result, _input, remembered) => {
        await queryClient.resetQueries({ queryKey: trpc.facilitator.pathKey() });
        returnFocus(remembered, () => document.getElementById(SIGN_IN_TITLE_ID));
      },
      onError: (error, _input, remembered) => {
        notifySignOutFailed(error);
        returnFocus(remembered);
      },
    }),
  );
  const list = cohorts.data ?? [];
  const current = list.find((cohort) => cohort.id === selected) ?? list[0];
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} id={AREA_TITLE_ID}>
            {t('facilitator.area.title')}
          </Title>
          <Text c="dimmed">
            {me.organisation
              ? t('facilitator.area.signedInAtOrganisation', { name: me.name, organisation: me.organisation })
              : t('facilitator.area.signedInAs', { name: me.name })}
          </Text>
        </div>
        <Button variant="subtle" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          {t('common.account.signOut')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={2}>{t('facilitator.area.cohortsTitle')}</Title>
          {cohorts.isPending ? (
            <Skeleton height={40} role="status" aria-label={t('facilitator.area.loading')} />
          ) : list.length === 0 ? (
            <Text>{t('facilitator.area.noCohorts')}</Text>
          ) : (
            <Group gap="xs" role="group" aria-label={t('facilitator.area.cohortsTitle')}>
              {list.map((cohort) => (
                <Button
                  key={cohort.id}
                  variant={cohort.id === current?.id ? 'filled' : 'light'}
                  aria-pressed={cohort.id === current?.id}
                  onClick={() => setSelected(cohort.id)}
                >
                  {t('facilitator.area.cohortButton', { cohort: cohort.name, count: cohort.couples })}
                </Button>
              ))}
            </Group>
          )}
          <form
            noValidate
            aria-label={t('facilitator.area.newCohortForm')}
            onSubmit={(event) => {
              event.preventDefault();
              const wrong = refusedFields(createCohortSchema, { name }, ['name'] as const).size > 0;
              setNameRefused(wrong);
              if (!wrong) create.mutate({ name });
            }}
          >
            <Group align="flex-end">
              <TextInput
                label={t('facilitator.area.newCohort')}
                placeholder={t('facilitator.area.newCohortPlaceholder')}
                required
                maxLength={COHORT_NAME_MAX_LENGTH}
                value={name}
                error={
                  nameRefused ? t('facilitator.area.invalid.cohortName', { max: COHORT_NAME_MAX_LENGTH }) : undefined
                }
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setNameRefused(false);
                }}
              />
              <Button type="submit" loading={create.isPending}>
                {t('facilitator.area.create')}
              </Button>
            </Group>
            {create.isError ? (
              <Alert color="red">{errorMessage(create.error, t('facilitator.area.notCreated'))}</Alert>
            ) : null}
          </form>
        </Stack>
      </Paper>
      {current ? (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <CohortTable key={current.id} cohort={current} />
        </Paper>
      ) : null}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Packs cohorts={current ? [current] : []} packReturn={packReturn} onDismissReturn={onDismissReturn} />
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <TwoFactor enabled={me.twoFactorEnabled} />
      </Paper>
    </Stack>
  );
}

/**
 * `/facilitator` (issue 38): the facilitator's sign-in, then their cohorts, packs and settings;
 * back from Stripe (`?pack=`), what became of the seats paid for (`packReturn`).
 */
export function FacilitatorArea({
  packReturn,
  onDismissReturn,
}: {
  packReturn?: PackReturn | undefined;
  onDismissReturn?: (() => void) | undefined;
} = {}) {
  const { t } = useT();
  const me = useQuery({ ...trpc.facilitator.me.queryOptions(), retry: false });
  return (
    <Container size="lg" py={{ base: 24, sm: 48 }}>
      {me.isPending ? (
        <Skeleton height={240} role="status" aria-label={t('facilitator.area.loading')} />
      ) : me.isError ? (
        <SignInForm />
      ) : (
        <Area me={me.data} packReturn={packReturn} onDismissReturn={onDismissReturn} />
      )}
    </Container>
  );
}
