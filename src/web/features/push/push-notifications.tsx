import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDate } from '../../../shared/i18n/format';
import type { PushDevice } from '../../../shared/push-schemas';
import { notify } from '../../components/notifications';
import { translate } from '../../i18n/i18n';
import { useT } from '../../i18n/use-t';
import { rememberFocus, returnFocus } from '../../lib/focus';
import { trpc } from '../../trpc';
import {
  currentSubscription,
  describeDevice,
  pushSupported,
  readyRegistration,
  subscribeThisDevice,
} from './push-support';

const THIS_DEVICE_KEY = ['push', 'this-device'] as const;

function deviceLabel(): string {
  const described = describeDevice(navigator.userAgent);
  return described ? translate('push.device.browserOn', described) : translate('push.device.unknown');
}

/**
 * Profile's "Reminders on this device" (docs/operations.md#push-reminders): push notifications are
 * turned on per device by a click here, never asked for on load; the browser's permission prompt
 * comes from that click. Hidden where the browser has no push support; where it has the API but
 * cannot subscribe, the first try says so and the option goes (QA walk: it said "try again").
 */
export function PushNotifications() {
  if (!pushSupported()) return null;
  return <PushNotificationsPanel />;
}

function PushNotificationsPanel() {
  const { t, locale } = useT();
  const headingId = useId();
  const toggleId = `${headingId}-toggle`;
  const queryClient = useQueryClient();
  const devicesOptions = trpc.push.devices.queryOptions();
  const devices = useQuery(devicesOptions);
  const thisDevice = useQuery({ queryKey: THIS_DEVICE_KEY, queryFn: currentSubscription, retry: false });
  // Blocked before anything was pressed (the browser's setting as the page opens): a note; blocked
  // in answer to Turn on: an alert, read out as it appears.
  const [blocked, setBlocked] = useState<'no' | 'onOpening' | 'onTurnOn'>(() =>
    Notification.permission === 'denied' ? 'onOpening' : 'no',
  );
  const [working, setWorking] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: devicesOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: THIS_DEVICE_KEY }),
    ]);

  const save = useMutation(trpc.push.subscribe.mutationOptions());
  const remove = useMutation(trpc.push.unsubscribe.mutationOptions());

  const endpoint = thisDevice.data?.endpoint ?? null;
  const mine = devices.data?.find((device) => device.endpoint === endpoint) ?? null;

  // While the browser asks and the request runs the buttons are disabled, and a browser drops the
  // keyboard focus to the page: once it is over the focus goes back to the button it was on, or to
  // the button in its place (Turn off for Turn on, and the other way), and a failure is read out
  // (the error toast's role=alert).
  async function whileWorking(change: () => Promise<void>) {
    const remembered = rememberFocus();
    setWorking(true);
    try {
      await change();
    } catch {
      notify.error(translate('push.profile.failed'));
    } finally {
      setWorking(false);
      await refresh();
      returnFocus(remembered, (control) => control ?? document.getElementById(toggleId));
    }
  }

  const turnOn = () =>
    whileWorking(async () => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setBlocked(permission === 'denied' ? 'onTurnOn' : 'no');
        return;
      }
      setBlocked('no');
      const [{ publicKey }, registration] = await Promise.all([
        queryClient.fetchQuery(trpc.push.publicKey.queryOptions()),
        readyRegistration(),
      ]);
      let subscription: PushSubscriptionJSON;
      try {
        subscription = await subscribeThisDevice(registration, publicKey);
      } catch (error) {
        // The browser said no: the permission (blocked), or it cannot push at all (Chromium in a
        // private window, or without a push service: "AbortError: Registration failed - permission
        // denied" / "- push service not available", with notifications allowed).
        if (!(error instanceof DOMException)) throw error;
        if (error.name === 'NotAllowedError') setBlocked('onTurnOn');
        else setUnavailable(true);
        return;
      }
      await save.mutateAsync({
        subscription: subscription as Parameters<typeof save.mutateAsync>[0]['subscription'],
        deviceLabel: deviceLabel(),
      });
      notify.success(translate('push.profile.turnedOn'));
    });

  const turnOff = (device: PushDevice) =>
    whileWorking(async () => {
      await remove.mutateAsync({ deviceId: device.id });
      if (device.endpoint === endpoint) await thisDevice.data?.unsubscribe();
      notify.success(translate('push.profile.turnedOff'));
    });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {t('push.profile.title')}
        </Title>
        <Text size="sm">{t('push.profile.description')}</Text>
        {blocked !== 'no' && (
          <Alert color="orange" variant="light" role={blocked === 'onOpening' ? 'note' : 'alert'}>
            {t('push.profile.blocked')}
          </Alert>
        )}
        {unavailable && (
          <Alert color="orange" variant="light" data-testid="push-unavailable">
            {t('push.profile.unavailable')}
          </Alert>
        )}
        {devices.isPending || thisDevice.isPending ? (
          <Skeleton height={36} />
        ) : mine ? (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" role="status">
              {t('push.profile.on')}
            </Text>
            <Button id={toggleId} variant="default" loading={working} onClick={() => void turnOff(mine)}>
              {t('push.profile.turnOff')}
            </Button>
          </Group>
        ) : unavailable ? null : (
          <Group>
            <Button id={toggleId} loading={working} onClick={() => void turnOn()}>
              {t('push.profile.turnOn')}
            </Button>
          </Group>
        )}
        <Text size="sm" fw={600} mt="xs">
          {t('push.profile.devices')}
        </Text>
        {devices.data && devices.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('push.profile.noDevices')}
          </Text>
        )}
        {devices.data && devices.data.length > 0 && (
          <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {devices.data.map((device) => (
              <Group key={device.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">
                  {device.label}
                  {device.endpoint === endpoint && ` (${t('push.profile.thisDevice')})`}{' '}
                  <Text span size="sm" c="dimmed">
                    {t('push.profile.since', { date: formatDate(locale, device.createdAt) })}
                  </Text>
                </Text>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  disabled={working}
                  aria-label={t('push.profile.remove', { device: device.label })}
                  onClick={() => void turnOff(device)}
                >
                  {t('push.profile.removeShort')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
