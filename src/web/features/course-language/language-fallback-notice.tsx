import { Alert } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t';

/**
 * Said above a week shown in English to a reader of another language (decision 0232: the server
 * answers `languageFallback: true` when the week's translation is missing, invalid or behind).
 */
export function LanguageFallbackNotice({ fallback }: { fallback: boolean | undefined }) {
  const { t } = useT();
  if (!fallback) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconLanguage aria-hidden />} role="status">
      {t('content-editor.fallback.notice')}
    </Alert>
  );
}
