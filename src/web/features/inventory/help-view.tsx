import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../i18n/use-t';

/**
 * The calm page a partner alone sees after an answer that signals fear or control (decision
 * 0237): help lines and the seller's contact. Nothing is stored about it; the URL does not change,
 * so it leaves no trace in the history for anyone else on the device. After the last topic the
 * partner has already finished, and the button says so ("Done") instead of going on with statements.
 */
export function HelpView({ onContinue, finished }: { onContinue: () => void; finished: boolean }) {
  const { t, locale } = useT();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="inventory-help-title"
    >
      <Stack gap="md" maw={620}>
        <Title order={2} id="inventory-help-title">
          {t('inventory.help.title')}
        </Title>
        <Text>{t('inventory.help.text')}</Text>
        <Text fw={600}>{t('inventory.help.hotline')}</Text>
        <Anchor
          href={locale === 'es' ? 'https://espanol.thehotline.org' : 'https://www.thehotline.org'}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('inventory.help.hotlineLink')}
        </Anchor>
        <Text>{t('inventory.help.emergency')}</Text>
        <Text>
          {t('inventory.help.seller')} <Anchor href="/#contact">{t('inventory.help.sellerLink')}</Anchor>
        </Text>
        <Button variant="light" onClick={onContinue} w="fit-content">
          {finished ? t('inventory.help.done') : t('inventory.help.continue')}
        </Button>
      </Stack>
    </Paper>
  );
}
