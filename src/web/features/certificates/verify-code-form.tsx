import { Button, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { PRINTED_CODE_LABEL } from '../../../shared/certificate-print';
import { T, useT } from './texts';

/**
 * The code as typed or pasted, ready for its address: the whole /verify/<code> link pasted gives its
 * code, spaces become dashes, letters capitals (the server reads O as 0 and I, L as 1 itself).
 */
export function typedVerificationCode(typed: string): string {
  return typed
    .trim()
    .replace(/^.*\/verify\//i, '')
    .replace(/[/?#].*$/, '')
    .trim()
    .replace(/\s+/g, '-')
    .toUpperCase()
    .slice(0, 100);
}

/**
 * /verify without a code (docs/certificates.md): a county clerk with the paper certificate in hand
 * types its verification code and goes to /verify/<code>. Nothing typed: said under the field, in
 * the page's language, and the focus stays there.
 */
export function VerifyCodeForm() {
  const { t } = useT();
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [refused, setRefused] = useState(false);
  return (
    <form
      noValidate
      aria-label={t('certificates.verify.checkTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        const typed = typedVerificationCode(code);
        if (!typed) {
          setRefused(true);
          field.current?.focus();
          return;
        }
        void navigate({ to: '/verify/$code', params: { code: typed } });
      }}
    >
      <Stack gap="md">
        <TextInput
          ref={field}
          label={t('certificates.verify.code')}
          // Where the code is, by the label printed before it: in English, as the certificate is.
          description={
            <T id="certificates.verify.codeHelp" values={{ label: <span lang="en">{PRINTED_CODE_LABEL}</span> }} />
          }
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setRefused(false);
          }}
          error={refused ? t('certificates.verify.codeMissing') : undefined}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
        />
        <Button type="submit" size="md" fullWidth>
          {t('certificates.verify.check')}
        </Button>
      </Stack>
    </form>
  );
}
